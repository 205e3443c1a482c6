import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-orgmember.js';

/** 組織メンバー領域のサーバーメッセージ：`errors:orgmember.<reason>`（SPEC §2 orgEmployeeRelation）。 */
export default {
  org_not_found: '組織が存在しないか、削除されています',
  user_required: 'ユーザーを1人以上選択してください',
  member_required: '少なくとも1件のレコードを選択してください',
  user_not_found: '選択したユーザーが存在しないか、データ範囲外です',
  affiliated: '「{{name}}」の所属組織はこの組織のため、ここでは削除できません。ユーザー管理で所属組織を変更してください',
} satisfies Messages<typeof zh>;
