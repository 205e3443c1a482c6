import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-face.js';

export default {
  not_found: 'このユーザーの顔写真が見つかりません',
} satisfies Messages<typeof zh>;
