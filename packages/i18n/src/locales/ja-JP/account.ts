import type { Messages } from '../../types.js';
import type zh from '../zh-CN/account.js';

/** アカウント管理（SPEC §2 accountManagement；§3 WeChat 種別；§8 連携解除と関連付けのメッセージ）。 */
export default {
  title: 'アカウント管理',
  newAccount: 'アカウント追加',
  addTitle: 'アカウント追加',
  modifyTitle: 'アカウント編集',
  associate: 'ユーザー関連付け',
  associateTitle: 'ユーザー関連付け — {{account}}',
  unbind: 'WeChat連携解除',
  accountPattern: 'アカウントには英字、数字、_ - . @ のみ使用できます',
  unbindNone: 'WeChatアカウントの連携を解除するユーザーを選択してください',
  unbindMany: 'WeChatアカウントの連携解除では1人だけ選択してください',
  unbindConfirm: 'WeChatの連携を解除してもよろしいですか？',
  unbound: '連携を解除しました',
  notBound: 'このアカウントはユーザーに関連付けられていません',
  associated: 'ユーザーの関連付けに成功しました',
  userRequired: 'ユーザーを選択してください',
  chooseOne: 'レコードを1件選択してください',
  selectAll: 'このページを全選択',
  keyword: 'アカウント／ニックネーム',
  type: { 1: '企業WeChat', 2: '公式アカウント', 3: 'オープンプラットフォーム' },
  bound: { label: '関連付け', yes: '関連付け済み', no: '未関連付け' },
  field: {
    account: 'アカウント',
    nickname: 'ニックネーム',
    accountType: 'アカウント種別',
    status: '状態',
    user: '関連ユーザー',
    boundAt: '関連付け日時',
    updatedAt: '更新日時',
    creator: '作成者',
  },
  placeholder: {
    account: '企業WeChatのUserIDまたはOpenID',
    nickname: 'ニックネームを入力してください',
    accountType: 'アカウント種別を選択してください',
    keyword: 'ユーザー名または社員名',
  },
  column: { username: 'ユーザー名', employeeName: '社員名', org: '所属組織', status: '状態' },
} satisfies Messages<typeof zh>;
