import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-product.js';

/** Server messages of the product area: `errors:product.<reason>`. */
export default {
  _area: 'product',
} satisfies Messages<typeof zh>;
