import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-serviceaccount.js';

/** サービスアカウントのサーバーメッセージ：`errors:serviceaccount.<reason>`（docs/service-accounts.md）。 */
export default {
  serviceaccount: {
    not_found: 'サービスアカウントが存在しないか、管理範囲外です',
    name_required: 'サービスアカウント名を入力してください',
    name_too_long: 'サービスアカウント名は {{max}} 文字以内で入力してください',
    description_too_long: '説明は {{max}} 文字以内で入力してください',
    role_required: 'ロールを 1 つ以上選択してください',
    role_too_many: 'ロールは最大 {{max}} 個まで選択できます',
    role_unknown: 'ロール「{{id}}」が存在しないか、このテナントのものではありません',
    expiry_invalid: '有効期限の日付が無効か、今日より前です',
    credential_invalid: 'キー ID またはシークレットが正しくありません',
    disabled: 'サービスアカウントは無効です',
    expired: 'サービスアカウントの資格情報は期限切れです',
    not_interactive: 'サービスアカウントは対話的にサインインできません。キーでトークンを取得してください',
    no_identity: 'サービスアカウントは管理者にしたり ID を持たせたりできません。ロールで権限を付与してください',
    no_renewal: 'サービスアカウントのセッションは更新できません。新しいトークンを取得してください',
  },
} satisfies Messages<typeof zh>;
