import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appuser.js';

export default {
  tenant_not_using: 'このテナントはアプリケーションを利用していません',
  org_not_found: '組織が存在しないか、削除されています',
  root_redundant: '組織「{{name}}」は既にルート組織「{{root}}」の中にあります',
  org_outside_roots: '選択した組織はアプリケーションのルート組織の外にあります',
  user_not_found: 'ユーザーが存在しないか、このアプリケーションのユーザーではありません',
  admin_untouchable: 'ユーザー「{{username}}」は管理者または本人のため、ここでは操作できません',
  account_in_use: 'アプリケーションアカウント「{{account}}」はテナントの他のユーザーが使用しています',
  selection_required: '少なくとも 1 件選択してください',
} satisfies Messages<typeof zh>;
