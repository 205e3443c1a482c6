import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-approle.js';

/** アプリロールと権限テンプレートのサーバーメッセージ：`errors:approle.<reason>`、`errors:apptemplate.<reason>`（docs/applications.md「Application roles and permission templates」）。 */
export default {
  approle: {
    not_found: 'ロールが存在しないか、このアプリのものではありません',
    code_in_use: 'ロール番号「{{code}}」は既に存在します',
    user_required: 'ユーザーを1人以上選択してください',
    member_required: 'ロールメンバーを1人以上選択してください',
    not_app_user: 'ユーザー「{{id}}」はこのアプリのユーザーではありません',
  },
  apptemplate: {
    not_found: '権限テンプレートが存在しないか、このアプリのものではありません',
    name_in_use: '同じ階層に「{{name}}」という名前のテンプレートが既にあります',
    required: '権限を設定する前にテンプレートを選択してください',
    root: 'ルートノードは権限設定に対応していません',
    move_cycle: 'テンプレートを自身またはその配下に移動することはできません',
  },
} satisfies Messages<typeof zh>;
