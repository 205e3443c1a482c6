import type { Messages } from '../../types.js';
import type zh from '../zh-CN/grid.js';

export default {
  _area: 'grid',
} satisfies Messages<typeof zh>;
