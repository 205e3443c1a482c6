import type { Messages } from '../../types.js';
import type zh from '../zh-CN/role.js';

export default {
  _area: 'role',
} satisfies Messages<typeof zh>;
