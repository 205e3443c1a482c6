import { describe, expect, it } from 'vitest';
import { cleanFilters, pageAfterShrink, readSorter, sortWithin } from './query-state';

describe('data grid query state', () => {
  it('drops empty filters and trims text, keeping numbers such as status 0', () => {
    expect(cleanFilters({ keyword: '  east ', name: '', code: '   ', status: 0, other: undefined, x: null })).toEqual({ keyword: 'east', status: 0 });
  });
  it('reads antd sorters into sortField / sortOrder, by column key first', () => {
    expect(readSorter({ columnKey: 'createdAt', field: 'created', order: 'descend' })).toEqual({ sortField: 'createdAt', sortOrder: 'descend' });
    expect(readSorter({ field: 'code', order: 'ascend' })).toEqual({ sortField: 'code', sortOrder: 'ascend' });
    expect(readSorter({ columnKey: 'code', order: null })).toEqual({});
    expect(
      readSorter([
        { columnKey: 'a', order: null },
        { columnKey: 'name', order: 'ascend' },
      ]),
    ).toEqual({ sortField: 'name', sortOrder: 'ascend' });
  });
  it("sends only the list's own sort fields (a column key outside the protocol's set is not sent)", () => {
    const fields = ['username', 'updatedAt'] as const;
    expect(sortWithin({ sortField: 'username', sortOrder: 'descend' }, fields)).toEqual({ sortField: 'username', sortOrder: 'descend' });
    expect(sortWithin({ sortField: 'orgName', sortOrder: 'ascend' }, fields)).toEqual({});
    expect(sortWithin({ sortField: 'constructor', sortOrder: 'ascend' }, fields)).toEqual({});
    expect(sortWithin({}, fields)).toEqual({});
    expect(sortWithin({ sortField: 'anything', sortOrder: 'ascend' }, undefined)).toEqual({ sortField: 'anything', sortOrder: 'ascend' });
  });
  it('steps back a page when the current page came back empty but rows remain', () => {
    expect(pageAfterShrink(2, 0, 10, 1)).toBe(1);
    expect(pageAfterShrink(5, 0, 30, 3)).toBe(3);
    expect(pageAfterShrink(2, 3, 13, 2)).toBeNull();
    expect(pageAfterShrink(1, 0, 0, 1)).toBeNull();
    expect(pageAfterShrink(3, 0, 0, 1)).toBeNull();
  });
});
