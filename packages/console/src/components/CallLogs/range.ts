/**
 * Date ranges of the call statistics and logs (SPEC §5 Generic "log query date range required", §9 statistics
 * 7 days, logs 30 days; CALL_LOG_RULES): the range is required and at most `days` days long, measured in time
 * (the server's rule), so a whole-day range of 7 calendar days (start of the first to end of the last) fits.
 */
import dayjs, { type Dayjs } from 'dayjs';

export type TimeRange = [Dayjs, Dayjs];

/**
 * The last `hours` hours up to now, both ends from ONE reading of the clock: two readings a millisecond apart made
 * `lastHours(24 * 7)` 7 days + 1 ms, which the server refuses as too long (the call log's filter options then missed).
 */
export function lastHours(hours: number): TimeRange {
  const now = dayjs();
  return [now.subtract(hours, 'hour'), now];
}

/** The last `days` calendar days, today included, as whole days (one reading of the clock: no midnight between the ends). */
export function lastDays(days: number): TimeRange {
  const now = dayjs();
  return [now.subtract(days - 1, 'day').startOf('day'), now.endOf('day')];
}

/** True when `range` is longer than `days` days. */
export function tooLong([from, to]: TimeRange, days: number): boolean {
  return to.diff(from) > days * 86_400_000;
}

/** The picker's `disabledDate`: once one end is chosen, days that would make the range longer than `days` days. */
export function outsideWindow(current: Dayjs, from: Dayjs | undefined, days: number): boolean {
  if (!from) return false;
  return Math.abs(current.startOf('day').diff(from.startOf('day'), 'day')) >= days;
}

/** The range as a call's `startTime` / `endTime` (ISO). */
export function toTimes([from, to]: TimeRange): { startTime: string; endTime: string } {
  return { startTime: from.toISOString(), endTime: to.toISOString() };
}

/**
 * The range field's rules (SPEC §5 "log query date range required"; windows of at most `days` days:
 * statistics 7, logs 30): required, and not longer than the window. `t` is the calllog namespace's translator.
 */
export function rangeRules(t: (key: string, options?: Record<string, unknown>) => string, days: number) {
  type Value = [Dayjs | null, Dayjs | null] | null | undefined;
  return [
    { validator: (_: unknown, v: Value) => (v?.[0] && v[1] ? Promise.resolve() : Promise.reject(new Error(t('rangeRequired')))) },
    {
      validator: (_: unknown, v: Value) =>
        v?.[0] && v[1] && tooLong(v as TimeRange, days) ? Promise.reject(new Error(t('rangeTooLong', { days }))) : Promise.resolve(),
    },
  ];
}
