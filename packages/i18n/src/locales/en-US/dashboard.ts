import type { Messages } from '../../types.js';
import type zh from '../zh-CN/dashboard.js';

export default {
  _area: 'dashboard',
} satisfies Messages<typeof zh>;
