/**
 * Date ranges of the call statistics and logs (SPEC §5 Generic "log query date range required", §9 statistics
 * 7 days, logs 30 days; CALL_LOG_RULES): the range is required and at most `days` days long, measured in time
 * (the server's rule), so a whole-day range of 7 calendar days (start of the first to end of the last) fits.
 */
import dayjs, { type Dayjs } from 'dayjs';

export type TimeRange = [Dayjs, Dayjs];

/** The last `hours` hours up to now. */
export function lastHours(hours: number): TimeRange {
  return [dayjs().subtract(hours, 'hour'), dayjs()];
}

/** The last `days` calendar days, today included, as whole days. */
export function lastDays(days: number): TimeRange {
  return [
    dayjs()
      .subtract(days - 1, 'day')
      .startOf('day'),
    dayjs().endOf('day'),
  ];
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
