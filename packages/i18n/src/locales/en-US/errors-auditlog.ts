import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-auditlog.js';

/** Server messages of the tenant audit log: `errors:auditlog.<reason>`. */
export default {
  export_too_many: '{{count}} log entries match, but one export holds at most {{max}}; narrow the date range or add filters',
} satisfies Messages<typeof zh>;
