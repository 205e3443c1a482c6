import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-sysconfig.js';

/** Server messages of the sysconfig area: `errors:sysconfig.<reason>`. */
export default {
  code_type_not_editable: 'コード種別 {{codeType}} はここでは管理できません',
  code_key_duplicate: 'この種別にはキー「{{codeKey}}」が既に存在します',
  regex_invalid: '「{{codeKey}}」の値は有効な正規表現ではありません',
  password_rule_required: 'コード表にはパスワードルール（種別 1）が必要です',
  number_range: '{{field}}は {{min}} から {{max}} までの整数で入力してください',
  name_duplicate: '名前「{{name}}」が重複しています',
  config_not_found: 'この設定は存在しないか削除されました。更新してからやり直してください',
  mail_send_failed: 'テストメールを送信できませんでした：{{reason}}',
  ldap_unreachable: 'LDAP サーバー {{url}} に接続できません：{{reason}}',
  ldap_bind_failed: 'LDAP サーバーがバインド DN またはパスワードを拒否しました',
  ldap_search_failed: 'LDAP サーバーに接続しましたが、ベース DN を読み取れませんでした：{{reason}}',
  org_category_main: 'メイン組織ツリー（分類 0）は組み込みのため、変更・削除できません',
  org_category_not_found: 'この組織分類は存在しないか削除されました',
  org_category_name_in_use: '組織分類名「{{name}}」は既に存在します',
  org_category_in_use: 'まだ {{count}} 件の組織がこの分類に属しているため、削除できません',
  main_org_category: 'メイン組織ツリー',
  org_type: { 0: 'なし', 1: 'グループ', 2: '会社', 3: '部門', 4: 'サブ部門', 5: '現場', 6: 'フランチャイズ店' },
  test_mail: {
    subject: 'MP3.0 テストメール（{{name}}）',
    body: 'これは MP3.0 からのテストメールです。\n\nメール設定：{{name}}（{{host}}:{{port}}）\n送信者：{{user}}\n日時：{{time}}\n\nこのメールが届いた場合、このメール設定で送信できます。',
  },
} satisfies Messages<typeof zh>;
