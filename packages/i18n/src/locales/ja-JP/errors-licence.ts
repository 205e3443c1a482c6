import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-licence.js';

/** Server messages of the licence area: `errors:licence.<reason>`. */
export default {
  _area: 'licence',
} satisfies Messages<typeof zh>;
