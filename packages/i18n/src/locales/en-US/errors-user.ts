import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-user.js';

/** Server messages of the user area: `errors:user.<reason>`. */
export default {
  _area: 'user',
} satisfies Messages<typeof zh>;
