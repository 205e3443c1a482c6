import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-ops.js';

/** Server messages of the operations endpoints: `errors:ops.<reason>`. */
export default {
  migrations_pending: 'The database lacks migrations this version needs ({{applied}} applied, {{expected}} expected)',
  database_timeout: 'The database did not answer within {{ms}} ms',
  metrics_refused: 'Not allowed to read the metrics',
} satisfies Messages<typeof zh>;
