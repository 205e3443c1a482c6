/**
 * The date range of an audit query (SPEC §5 Generic "log query date range required", §9 "logs 30 days";
 * AUDIT_LOG_RULES): whole days from the start of the first to the end of the last, at most
 * AUDIT_LOG_RULES.maxRangeDays days, the last 7 days by default (AUDIT_LOG_DEFAULT_DAYS).
 */
import dayjs, { type Dayjs } from 'dayjs';
import { AUDIT_LOG_DEFAULT_DAYS, AUDIT_LOG_RULES } from '@mp/protocol';

export type DayRange = [Dayjs, Dayjs];

/** The last `days` days, today included (one reading of the clock: no midnight between the two ends). */
export function lastDays(days: number = AUDIT_LOG_DEFAULT_DAYS): DayRange {
  const now = dayjs();
  return [now.subtract(days - 1, 'day').startOf('day'), now.endOf('day')];
}

/** Calendar days covered by a range (both ends included). */
export function daysIn([from, to]: DayRange): number {
  return to.startOf('day').diff(from.startOf('day'), 'day') + 1;
}

/** True when the range is longer than allowed. */
export function tooLong(range: DayRange): boolean {
  return daysIn(range) > AUDIT_LOG_RULES.maxRangeDays;
}

/** The picker's `disabledDate`: once one end is chosen, days that would make the range too long. */
export function outsideWindow(current: Dayjs, from: Dayjs | undefined): boolean {
  if (!from) return false;
  return Math.abs(current.startOf('day').diff(from.startOf('day'), 'day')) >= AUDIT_LOG_RULES.maxRangeDays;
}

/** The range as the call's `startTime` / `endTime` (ISO, start of the first day to end of the last). */
export function toTimes([from, to]: DayRange): { startTime: string; endTime: string } {
  return { startTime: from.startOf('day').toISOString(), endTime: to.endOf('day').toISOString() };
}
