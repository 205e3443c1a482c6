import type { Messages } from '../../types.js';
import type zh from '../zh-CN/apptenant.js';

/** アプリケーション管理（SPEC §2 appManagement、§3 Application tenant、§8）。 */
export default {
  title: 'アプリケーション管理',
  notice:
    'アプリケーションはプラットフォーム管理者が「テナント管理 → 製品認可」でこのテナントに追加します。ここではこのテナントで使う名称とコードの変更、有効化・無効化ができます。無効なアプリケーションにはこのテナントのユーザーはサインインできません。',
  empty: 'このテナントにはまだアプリケーションがありません。プラットフォーム管理者に製品の認可を依頼してください（テナント管理 → 製品認可）。',
  modifyTitle: 'アプリケーションの編集',
  codePattern: 'アプリケーションテナントコードは英字と数字のみで構成してください',
  field: {
    name: 'アプリケーション名',
    code: 'アプリケーションコード',
    product: '製品',
    version: 'バージョン',
    status: 'ステータス',
    creator: '作成者',
    updatedAt: '更新日時',
    tenantId: 'テナントID',
  },
  search: {
    name: 'アプリケーション名',
    code: 'アプリケーションコード',
  },
  placeholder: {
    name: '必須、50 文字以内',
    code: '必須、英数字 20 文字以内',
  },
} satisfies Messages<typeof zh>;
