import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-signin.js';

/** Server messages of the sign-in area: `errors:signin.<reason>`. */
export default {
  slider_required: 'セキュリティ認証を完了してください：スライダーをドラッグしてピースを合わせてください',
  slider_failed: 'セキュリティ認証に失敗しました。もう一度スライダーをドラッグしてください',
  pow_required: 'ブラウザのセキュリティチェックが完了していません。ページを再読み込みして、もう一度ログインしてください',
  pow_failed: 'ブラウザのセキュリティチェックに失敗しました。もう一度ログインしてください',
  pow_expired: 'セキュリティチェックの有効期限が切れました。もう一度ログインしてください',
  password_change_required: '初回ログインのため、先にパスワードを変更してください',
  password_unchanged: '新しいパスワードは元のパスワードと異なるものにしてください',
} satisfies Messages<typeof zh>;
