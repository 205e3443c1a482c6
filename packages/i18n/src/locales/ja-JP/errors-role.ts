import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-role.js';

/** Server messages of the role area: `errors:role.<reason>`. */
export default {
  _area: 'role',
} satisfies Messages<typeof zh>;
