import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-role.js';

/** Server messages of the role area: `errors:role.<reason>`. */
export default {
  not_found: 'ロールが存在しないか、削除されています',
  no_pattern: 'ロール番号には英字、数字、アンダースコアのみ使用できます',
  no_in_use: 'ロール番号「{{roleNo}}」はこのテナントで既に使用されています',
  name_pattern: 'ロール名には漢字、英字、数字、アンダースコアのみ使用できます',
  org_required: '所属組織またはグループを選択してください',
  org_not_found: '選択した組織はこのテナントに属していません',
  built_in: '組み込みロール「{{name}}」は削除できません',
  user_required: 'ユーザーを少なくとも 1 人選択してください',
  member_required: 'ロールメンバーを少なくとも 1 人選択してください',
  user_not_in_tenant: '選択したユーザーはこのテナントに属していません',
  grant_root: 'ルートノードは権限設定をサポートしていません',
  grant_menu_unknown: 'メニュー「{{id}}」は存在しません',
  grant_orgtype_unknown: '組織タイプ「{{id}}」は存在しません',
  grant_org_unknown: '組織「{{id}}」はこのテナントの当該組織ツリーにありません',
  grant_purview: '「{{id}}」の権限値 {{value}} は無効です（1 読み取り、2 書き込み）',
  grant_duplicate: '「{{id}}」が権限リストに重複しています',
  category_unknown: '組織分類 {{category}} は設定されていません',
} satisfies Messages<typeof zh>;
