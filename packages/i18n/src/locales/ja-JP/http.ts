import type { Messages } from '../../types.js';
import type zh from '../zh-CN/http.js';

export default {
  _area: 'http',
} satisfies Messages<typeof zh>;
