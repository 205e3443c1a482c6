import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantsettings.js';

/** テナントのシステム設定（SPEC §2 Tenant sysconfig：新規ユーザーの既定値、組織分類）。 */
export default {
  title: 'システム設定',
  users: {
    title: '新規ユーザー',
    validityDays: '既定の有効期間（日）',
    validityHelp: 'このテナントで失効日を入力せずにユーザーを追加すると、失効日は有効日にこの日数を加えた日になります。空欄は既定値なしです。',
    unit: '日',
  },
  categories: {
    title: '組織分類',
    help: 'メイン組織ツリー（0）は組み込みです。その他の分類は組織要素ライブラリの分類ツリーです。',
    key: '分類番号',
    name: '分類名',
    add: '分類追加',
    builtIn: '組み込み',
    confirmDelete: '分類「{{name}}」を削除してもよろしいですか？',
  },
  saved: '保存しました',
  noAccess: 'システム設定を変更できるのはこのテナントの管理者のみです',
} satisfies Messages<typeof zh>;
