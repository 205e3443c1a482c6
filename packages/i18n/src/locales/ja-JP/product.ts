import type { Messages } from '../../types.js';
import type zh from '../zh-CN/product.js';

export default {
  _area: 'product',
} satisfies Messages<typeof zh>;
