import type { Messages } from '../../types.js';
import type zh from '../zh-CN/sysconfig.js';

export default {
  _area: 'sysconfig',
} satisfies Messages<typeof zh>;
