import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenant.js';

export default {
  _area: 'tenant',
} satisfies Messages<typeof zh>;
