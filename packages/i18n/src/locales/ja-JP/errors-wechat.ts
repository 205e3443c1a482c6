import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-wechat.js';

/** WeChat QR サインインのサーバーメッセージ：`errors:wechat.<reason>`（SPEC §3 WeChat 種別、§7、§8、docs/wechat-signin.md）。 */
export default {
  not_configured: 'WeChat サインインは有効になっていません',
  ticket_invalid: 'QR コードは無効になりました。QR コードを更新してください',
  not_scanned: '先に WeChat で QR コードをスキャンしてください',
  too_many_tries: 'パスワードの誤りが多すぎます。QR コードを更新してやり直してください',
  provider_error: 'WeChat がサインインを拒否しました（{{errcode}}：{{errmsg}}）',
  provider_unreachable: 'WeChat に接続できません。しばらくしてから再試行してください',
  bound_to_other: 'この WeChat アカウントは既に別のユーザーに連携されています',
  account_disabled: 'この WeChat アカウントは無効です',
  ambiguous: 'この WeChat アカウントは複数のテナントのユーザーに連携されています。所属テナントのアドレスからサインインしてください',
  page_title: 'WeChat サインイン',
  page_done: 'スキャンしました。パソコンで操作を続けてください',
} satisfies Messages<typeof zh>;
