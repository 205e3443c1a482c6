import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-profile.js';

export default {
  same_address: '新しいアドレスは現在のアドレスと同じです',
  session_not_found: 'セッションが存在しないか、終了済みか、あなたのセッションではありません',
  own_session: '現在のセッションはここでは終了できません。ログアウトしてください',
  mail_failed: '確認コードのメールを送信できませんでした。しばらくしてから再試行するか、管理者に連絡してください',
  mailSubject: '【{{system}}】連絡先変更の確認コード',
} satisfies Messages<typeof zh>;
