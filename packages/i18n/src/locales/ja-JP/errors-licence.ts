import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-licence.js';

/** Server messages of the licence area: `errors:licence.<reason>`. */
export default {
  code_required: 'アクティベーションコードを入力してください',
  malformed: 'アクティベーションコードの形式が正しくありません。すべてコピーされているか確認してください',
  signature_invalid: 'アクティベーションコードが無効です。このシステム向けに発行されたものではないか、内容が改ざんされています',
  code_expired: 'このアクティベーションコードは {{date}} に有効期限が切れています',
  not_yet_valid: 'このアクティベーションコードは {{date}} から有効になります',
  already_active: 'このアクティベーションコードはすでに有効化されています',
  expired: 'ライセンスは {{date}} に期限切れになりました。新しいアクティベーションコードを有効化するまでテナントとユーザーを追加できません',
  trial_ended: '試用期間は {{date}} に終了しました。テナントやユーザーを追加するにはシステムをアクティベートしてください',
  tenant_limit: 'ライセンスで許可されるテナントは最大 {{limit}} 件で、現在 {{count}} 件あります',
  user_limit: 'ライセンスで許可されるユーザーは最大 {{limit}} 人で、現在 {{count}} 人いるため、さらに {{adding}} 人は追加できません',
  audit_range_required: 'ログ検索の日付範囲を選択してください',
  audit_range_order: '開始日時は終了日時より後にできません',
  audit_range_too_long: 'ログ検索の日付範囲は {{days}} 日を超えることはできません',
  audit_range_invalid: '日付の形式が正しくありません',
} satisfies Messages<typeof zh>;
