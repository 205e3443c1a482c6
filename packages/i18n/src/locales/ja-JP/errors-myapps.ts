import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-myapps.js';

export default {
  app_not_found: 'アプリが存在しないか、このアプリを利用する権限がありません',
  not_sso_query: 'このアプリは OpenID Connect でサインインします。アドレスを直接開いてください',
  no_address: 'アプリのコールバックアドレスが無効なため開けません。アプリ管理者に連絡してください',
} satisfies Messages<typeof zh>;
