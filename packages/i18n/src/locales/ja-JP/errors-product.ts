import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-product.js';

export default {
  code_pattern: '製品コードは英字、数字、アンダースコアで構成してください',
  code_in_use: '製品コード「{{code}}」は既に使用されています',
  version_pattern: 'バージョンは英字または数字で始まり、英字、数字、ドット、ハイフン、アンダースコアで構成してください',
  url_invalid: 'コールバックアドレスは http:// または https:// で始まる有効なアドレスにしてください',
  email_invalid: '責任者の有効なメールアドレスを入力してください',
  phone_invalid: '責任者の有効な電話番号を入力してください',
  not_found: '製品が存在しないか削除されています',
  built_in: '組み込み製品「{{name}}」は削除できません',
  in_use: '製品「{{name}}」は {{count}} 件のテナントに認可されています。認可を取り消してから削除してください',
  not_enabled: '製品「{{name}}」は無効のため認可できません',
  admin_not_found: '選択した管理者が存在しないか無効です',
} satisfies Messages<typeof zh>;
