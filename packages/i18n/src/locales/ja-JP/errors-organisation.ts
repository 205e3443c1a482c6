import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-organisation.js';

/** Server messages of the organisation area: `errors:organisation.<reason>` (SPEC §5 Organisation, Import files). */
export default {
  not_found: '組織が存在しないか、削除されています',
  name_pattern: '組織名に単一引用符や山括弧は使用できません',
  code_pattern: '組織コードには英字、数字、アンダースコア、ハイフンのみ使用できます',
  code_in_use: '組織コード「{{code}}」は既に使用されています',
  type_invalid: '組織タイプを選択してください',
  sort_invalid: '並び順は 0 から 999999 までの整数で入力してください',
  parent_required: '上位組織を選択してください',
  parent_not_found: '選択した上位組織はこのテナントの組織ツリーにありません',
  parent_cycle: '上位組織に組織自身またはその下位組織は指定できません',
  root_fixed: 'ルート組織には上位組織がなく、移動、ツリーからの除外、無効化、削除はできません',
  has_children: '組織「{{name}}」には下位組織があるため削除できません',
  has_users: '組織「{{name}}」にはユーザーが所属しているため削除できません',
  has_stations: '組織「{{name}}」には職位があるため削除できません',
  has_roles: '組織「{{name}}」にはロールがあるため削除できません',
  detach_has_children: '組織「{{name}}」には下位組織があります。ツリーから外せるのは末端の組織のみです',
  not_in_tree: 'この組織は組織ツリーにありません',
  import_empty: 'インポートファイルにデータがありません',
  import_too_many: '一度にインポートできる組織は最大 {{max}} 件です',
  import_code_duplicate: '組織コード「{{code}}」がファイル内で重複しています',
  import_parent_unknown: '上位組織コード「{{code}}」はファイルにもこのテナントの組織にもありません',
  import_cycle: '上位組織コード「{{code}}」が循環しています',
  import_type: '組織タイプが正しくありません',
  import_status: '状態は「有効」または「無効」で入力してください',
  import_root: 'ルート組織「{{code}}」はインポートできません',
} satisfies Messages<typeof zh>;
