import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-session.js';

export default {
  not_found: 'セッションが存在しないか、終了済みか、管理対象外のテナントのものです',
  own_session: 'ご自身の現在のセッションは強制ログアウトできません。ログアウトしてください',
} satisfies Messages<typeof zh>;
