import type { Messages } from '../../types.js';
import type zh from '../zh-CN/orgmember.js';

/** 組織メンバー（SPEC §2 orgEmployeeRelation：組織ツリー + メンバー一覧、メンバーの追加・削除）。 */
export default {
  title: '組織メンバー',
  titleOf: '組織メンバー — {{name}}',
  tree: '組織',
  chooseOrg: '先に左側で組織を選択してください',
  includeSub: '下位組織を含む',
  keyword: 'ユーザー名／社員名',
  add: 'メンバー追加',
  addTitle: 'メンバー追加 — {{name}}',
  userRequired: 'ユーザーを1人以上選択してください',
  added: 'メンバーを追加しました',
  removed: 'メンバーを削除しました',
  selected: '{{count}} 人選択中',
  removeOne: '削除',
  confirmRemove: '選択した {{count}} 人のメンバーを削除してもよろしいですか？',
  affiliatedTip: 'この組織に所属するユーザーはここでは削除できません。ユーザー管理で変更してください',
  relation: { label: '関係', affiliated: '所属', member: 'メンバー' },
  column: { username: 'ユーザー名', employeeName: '社員名', org: '組織', status: '状態', createdAt: '追加日時', currentOrg: '所属組織' },
} satisfies Messages<typeof zh>;
