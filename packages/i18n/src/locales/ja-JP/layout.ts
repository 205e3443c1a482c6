import type { Messages } from '../../types.js';
import type zh from '../zh-CN/layout.js';

export default {
  _area: 'layout',
} satisfies Messages<typeof zh>;
