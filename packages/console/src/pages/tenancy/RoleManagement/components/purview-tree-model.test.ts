import { describe, expect, it } from 'vitest';
import { bitsOfTree, filterTree, itemsOf, mayTick, type PurviewTreeNode } from './purview-tree-model';

// The role authorisation trees' model (docs/applications.md "Permission tree"): loaded bits, items to
// save, and the case-insensitive name filter keeping ancestors.
type N = PurviewTreeNode & { purview: number };
const n = (key: string, showName: string, purview = 0, children: N[] = [], grantable = true): N => ({
  key,
  uniqueId: grantable ? key : '',
  showName,
  grantable,
  enabled: true,
  purview,
  children,
});
const tree = [
  n('menu:s', 'Sales (module)', 0, [
    n('menu:o', 'Orders (page)', 1, [n('form:f', 'Order form (form)', 0, [n('control:b', 'Save (button)', 3)], false)]),
    n('menu:q', 'Quotes (page)'),
  ]),
];

describe('purview tree model', () => {
  it('collects the granted bits of grantable nodes and turns bits into grant items (0 left out)', () => {
    const bits = bitsOfTree(tree);
    expect([...bits]).toEqual([
      ['menu:o', 1],
      ['control:b', 3],
    ]);
    bits.set('menu:q', 0);
    expect(itemsOf(bits)).toEqual([
      { dpDataid: 'menu:o', dpPurview: 1 },
      { dpDataid: 'control:b', dpPurview: 3 },
    ]);
  });

  it('filters by name ignoring case, keeping the ancestors of a match; an empty keyword keeps all', () => {
    const keys = (ns: PurviewTreeNode[]): string[] => ns.flatMap((x) => [x.key, ...keys(x.children)]);
    expect(keys(filterTree(tree, 'SAVE'))).toEqual(['menu:s', 'menu:o', 'form:f', 'control:b']);
    expect(keys(filterTree(tree, 'quotes'))).toEqual(['menu:s', 'menu:q']);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    expect(filterTree(tree, '  ')).toBe(tree);
  });

  it('lets the caller tick only within maxPurview, and always clear what is ticked', () => {
    const node = n('menu:o', 'Orders (page)');
    expect([mayTick(node, 0, 1), mayTick(node, 0, 2)]).toEqual([true, true]);
    const limited = { ...node, maxPurview: 1 };
    expect([mayTick(limited, 0, 1), mayTick(limited, 0, 2), mayTick(limited, 3, 2)]).toEqual([true, false, true]);
    expect(mayTick({ ...node, maxPurview: 0 }, 0, 1)).toBe(false);
  });
});
