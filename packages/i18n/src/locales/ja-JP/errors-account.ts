import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-account.js';

/** アカウント領域のサーバーメッセージ：`errors:account.<reason>`（SPEC §2 accountManagement、§3 WeChat 種別）。 */
export default {
  not_found: 'アカウントが存在しないか、削除されています',
  account_pattern: 'アカウントには英字、数字、_ - . @ のみ使用できます',
  type_invalid: 'アカウント種別（企業WeChat、公式アカウント、オープンプラットフォーム）を選択してください',
  account_in_use: '同じ種別のアカウント「{{account}}」が既に存在します',
  user_not_found: '選択したユーザーが存在しないか、データ範囲外です',
  already_bound: 'このアカウントはユーザー「{{username}}」に関連付けられています。先にWeChatの連携を解除してください',
  user_has_type: 'このユーザーには同じ種別のアカウント「{{account}}」が既にあります',
  not_bound: 'このアカウントはユーザーに関連付けられていません',
} satisfies Messages<typeof zh>;
