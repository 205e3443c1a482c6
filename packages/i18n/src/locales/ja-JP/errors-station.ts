import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-station.js';

/** 職位領域のサーバーメッセージ：`errors:station.<reason>`（SPEC §5 Station / Position）。 */
export default {
  not_found: '職位が存在しないか、削除されています',
  name_pattern: '職位名に単一引用符や山括弧は使用できません',
  code_pattern: '職位コードには英字、数字、アンダースコアのみ使用できます',
  code_in_use: '職位コード「{{code}}」はこのテナントで既に使用されています',
  parent_not_found: '選択した上位職位はこのテナントに属していません',
  parent_cycle: '上位職位に職位自身またはその下位職位は指定できません',
  org_not_found: '選択した組織はこのテナントに属していません',
  has_members: '職位「{{name}}」にはまだメンバーがいるため削除できません',
  has_children: '職位「{{name}}」にはまだ下位職位があるため削除できません',
  user_required: 'ユーザーを少なくとも1人選択してください',
  member_required: '職位メンバーを少なくとも1人選択してください',
  user_not_in_tenant: '選択したユーザーはこのテナントに属していません',
} satisfies Messages<typeof zh>;
