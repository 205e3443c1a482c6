import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-policy.js';

export default {
  client_unauthorized:
    'クライアント認証に失敗しました。アプリケーションの機密クライアント（HTTP Basic）またはその client_credentials アクセストークンを使用してください',
  tenant_not_subscribed: 'テナントが存在しないか、このアプリケーションを利用していません',
  user_not_found: 'このテナントにユーザーが存在しません',
  user_required: 'userId と username のどちらか一方だけを指定してください',
  target_required: 'api、control、menu のいずれか一つだけを指定してください',
  cursor_invalid: '同期カーソルが無効です',
  cursor_expired: '同期カーソルの有効期限が切れました。権限を読み直してから新しいカーソルで同期してください',
  ticket_invalid: 'シングルサインオンのチケットが無効、使用済み、または期限切れです。「マイアプリ」からアプリを開き直してください',
} satisfies Messages<typeof zh>;
