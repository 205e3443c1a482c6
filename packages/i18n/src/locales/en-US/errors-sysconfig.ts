import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-sysconfig.js';

/** Server messages of the sysconfig area: `errors:sysconfig.<reason>`. */
export default {
  _area: 'sysconfig',
} satisfies Messages<typeof zh>;
