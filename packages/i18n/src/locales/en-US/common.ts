import type { Messages } from '../../types.js';
import type zh from '../zh-CN/common.js';

export default {
  _area: 'common',
} satisfies Messages<typeof zh>;
