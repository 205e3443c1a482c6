import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-apptenant.js';

/** アプリケーションテナントのサーバーメッセージ：`errors:apptenant.<reason>`（SPEC §3 Application tenant、§8）。 */
export default {
  not_found: 'アプリケーションテナントが存在しないか、プラットフォームにより認可が取り消されました',
  code_pattern: 'アプリケーションテナントコードは英字と数字のみで構成してください',
  code_in_use: 'アプリケーションテナントコード「{{code}}」はこのテナントで既に使用されています',
} satisfies Messages<typeof zh>;
