import type { Messages } from '../../types.js';
import type zh from '../zh-CN/licence.js';

export default {
  _area: 'licence',
} satisfies Messages<typeof zh>;
