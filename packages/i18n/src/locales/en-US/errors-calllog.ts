import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-calllog.js';

/** Server messages of the service-call statistics and call logs: `errors:calllog.<reason>` (docs/call-logs.md). */
export default {
  calllog: {
    range_required: 'Please choose the date range of the log query',
    range_invalid: 'The date is not valid',
    range_order: 'The start time cannot be later than the end time',
    range_too_long: 'The date range of the query cannot exceed {{days}} days',
    export_too_many: '{{count}} calls match, more than the export limit of {{max}}; narrow the filters or the date range',
  },
} satisfies Messages<typeof zh>;
