import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-client.js';

export default {
  id_pattern: 'クライアント ID は英字、数字、ハイフン、アンダースコアで入力してください',
  id_in_use: 'クライアント ID「{{clientId}}」は既に使用されています',
  not_found: 'クライアントが存在しないか、削除されています',
  app_required: '先にアプリケーションを選択してください',
  uri_invalid: '「{{uri}}」は http:// または https:// で始まる有効なアドレスではありません',
  uri_fragment: 'リダイレクト URI「{{uri}}」に # フラグメントを含めることはできません',
  uri_https_required: 'リダイレクト URI「{{uri}}」には https を使用してください（http は localhost と 127.0.0.1 のみ可）',
  uri_too_long: 'リダイレクト URI「{{uri}}」は {{max}} 文字以内で入力してください',
  uris_too_many: 'リダイレクト URI は最大 {{max}} 件です',
  redirect_uri_required: '認可コードグラントには少なくとも 1 つのリダイレクト URI が必要です',
  grant_type_required: 'グラントタイプを 1 つ以上選択してください',
  grant_type_invalid: 'グラントタイプ「{{grantType}}」はサポートされていません',
  refresh_needs_code: 'リフレッシュトークンは認可コードグラントと一緒にのみ使用できます',
  public_no_secret: 'パブリッククライアントにはシークレットがないため、リセットできません',
  credentials_need_secret: 'パブリッククライアントにはシークレットがないため、クライアントクレデンシャルグラントを使用できません',
} satisfies Messages<typeof zh>;
