import type { Messages } from '../../types.js';
import type zh from '../zh-CN/login.js';

export default {
  _area: 'login',
} satisfies Messages<typeof zh>;
