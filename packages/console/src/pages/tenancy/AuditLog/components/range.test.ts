import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { daysIn, lastDays, outsideWindow, toTimes, tooLong } from './range';
import { codeKey } from './codes';
import { compareFields } from './detail-drawer';

describe('audit log date range (SPEC §5 log query date range required, §9 logs 30 days)', () => {
  it('starts with the last 7 days, today included, as whole days', () => {
    const [from, to] = lastDays();
    expect(daysIn([from, to])).toBe(7);
    expect(from.format('HH:mm:ss')).toBe('00:00:00');
    expect(to.format('HH:mm:ss')).toBe('23:59:59');
    const { startTime, endTime } = toTimes([from, to]);
    expect(new Date(endTime).getTime() - new Date(startTime).getTime()).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it('allows 30 days and refuses 31, in the check and in the picker', () => {
    const from = dayjs('2026-03-01');
    expect(tooLong([from, dayjs('2026-03-30')])).toBe(false);
    expect(tooLong([from, dayjs('2026-03-31')])).toBe(true);
    expect(outsideWindow(dayjs('2026-03-30'), from)).toBe(false);
    expect(outsideWindow(dayjs('2026-03-31'), from)).toBe(true);
    expect(outsideWindow(dayjs('2026-01-30'), from)).toBe(true);
    expect(outsideWindow(dayjs('2026-12-31'), undefined)).toBe(false);
    // The longest range the picker allows is accepted by the server's 30-day check.
    const { startTime, endTime } = toTimes([from, dayjs('2026-03-30')]);
    expect(new Date(endTime).getTime() - new Date(startTime).getTime()).toBeLessThanOrEqual(30 * 86_400_000);
  });
});

describe('audit codes and the before/after comparison', () => {
  it('names codes by i18n keys without dots', () => {
    expect(codeKey('role.member.add')).toBe('role_member_add');
    expect(codeKey('org-category')).toBe('org_category');
  });

  it('lists every field once and marks the changed ones', () => {
    const f = compareFields({ name: 'a', status: 1, tags: [1] }, { name: 'b', status: 1, tags: [1, 2], extra: true })!;
    expect(f.map((x) => [x.key, x.changed])).toEqual([
      ['name', true],
      ['status', false],
      ['tags', true],
      ['extra', true],
    ]);
    expect(f[3]).toMatchObject({ inBefore: false, inAfter: true });
    expect(compareFields(null, { a: 1 })!.map((x) => x.key)).toEqual(['a']);
    expect(compareFields([1], [2])).toBeNull();
    expect(compareFields(null, null)).toBeNull();
  });
});
