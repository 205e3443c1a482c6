/**
 * The call statistics' and logs' date ranges (range.ts; SPEC §5 "log query date range required", §9): a range of N
 * hours is exactly N hours, never a millisecond more, so the 7-day range the call log asks for is never refused by
 * the server's "at most 7 days" (calllog.range_too_long).
 */
import { describe, expect, it } from 'vitest';
import { CALL_LOG_RULES } from '@mp/protocol';
import { lastDays, lastHours, tooLong, toTimes } from './range';

describe('call-log ranges', () => {
  it('lastHours is exactly that many hours, also when the clock ticks between its two ends (many calls)', () => {
    const hours = 24 * CALL_LOG_RULES.statsMaxDays;
    // thousands of calls cross many millisecond boundaries: two readings of the clock would straddle some of them
    for (let i = 0; i < 20_000; i++) {
      const range = lastHours(hours);
      const { startTime, endTime } = toTimes(range);
      expect(Date.parse(endTime) - Date.parse(startTime)).toBe(hours * 3_600_000);
      expect(tooLong(range, CALL_LOG_RULES.statsMaxDays)).toBe(false);
    }
  });

  it('lastDays runs from the start of the first day to the end of today', () => {
    const [from, to] = lastDays(7);
    expect(from.hour() + from.minute() + from.second() + from.millisecond()).toBe(0);
    expect(to.format('HH:mm:ss.SSS')).toBe('23:59:59.999');
    expect(to.startOf('day').diff(from, 'day')).toBe(6);
    expect(tooLong([from, to], 7)).toBe(false);
  });
});
