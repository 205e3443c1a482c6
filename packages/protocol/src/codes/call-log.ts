/**
 * Response codes of the service-call statistics and call logs (`calllog.reason`); messages under
 * `errors:calllog.<reason>` in @mp/i18n (locales/<locale>/errors-calllog.ts). docs/call-logs.md.
 * SPEC §5 Generic "log query date range required", "start not after end"; §9 statistics 7 days, logs 30 days.
 */
export const CallLogCodes = {
  /** A statistics or log query without its start and end time. */
  RANGE_REQUIRED: 'calllog.range_required',
  /** A start or end time that is not a real time. */
  RANGE_INVALID: 'calllog.range_invalid',
  /** Start later than end. */
  RANGE_ORDER: 'calllog.range_order',
  /** A window longer than allowed (params: days — 7 for statistics, 30 for logs). */
  RANGE_TOO_LONG: 'calllog.range_too_long',
  /** An export matching more than `{{max}}` records (`{{count}}` matched): narrow the filters or the range. */
  EXPORT_TOO_MANY: 'calllog.export_too_many',
} as const;
