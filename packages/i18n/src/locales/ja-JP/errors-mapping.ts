import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-mapping.js';

/** 組織マッピングとユーザーマッピングのサーバーメッセージ：`errors:mapping.<reason>`。 */
export default {
  not_found: 'マッピングが存在しないか、削除されました',
  app_not_found: '選択したアプリケーションはこのテナントのものではありません',
  org_not_found: '選択した組織はこのテナントのものではありません',
  user_not_found: '選択したユーザーはこのテナントのものではありません',
  org_mapped: '組織「{{name}}」はこのアプリケーションで既にマッピングされています',
  code_in_use: 'アプリケーション組織コード「{{code}}」はこのアプリケーションで既にマッピングされています',
  user_mapped: 'ユーザー「{{name}}」はこのアプリケーションで既にマッピングされています',
  account_in_use: 'アプリケーションアカウント「{{account}}」はこのアプリケーションで既にマッピングされています',
  code_pattern: '英字、数字、. _ - @ のみ使用できます',
} satisfies Messages<typeof zh>;
