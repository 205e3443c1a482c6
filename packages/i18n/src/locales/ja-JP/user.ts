import type { Messages } from '../../types.js';
import type zh from '../zh-CN/user.js';

export default {
  _area: 'user',
} satisfies Messages<typeof zh>;
