import type { Messages } from '../../types.js';
import type zh from '../zh-CN/approle.js';

/** アプリロールと権限テンプレート画面（/app/roleManagement；docs/applications.md「Application roles and permission templates」）。 */
export default {
  title: 'アプリロール管理',
  intro: 'このアプリ独自のロールです。メンバーはアプリを利用するテナントのアプリユーザー、権限はアプリのメニュー・ページ・コントロール・API が対象です。左の権限テンプレートからロールを作成できます。',
  newRole: 'ロール追加',
  addTitle: 'ロール追加',
  modifyTitle: 'ロール変更',
  field: { code: 'ロール番号', name: 'ロール名', status: 'ステータス', description: '説明', template: '権限テンプレート', templateMode: 'テンプレートの使い方', memberCount: 'メンバー数', updatedAt: '更新日時' },
  search: { code: 'ロール番号', name: 'ロール名' },
  action: { members: 'メンバー', authorise: '権限付与', menuGrant: 'メニュー権限', apiGrant: 'API 権限', viewGrant: '権限の確認', applyTemplate: 'テンプレート適用' },
  mode: {
    sync: '同期する', copy: '一度だけコピー',
    syncHelp: 'ロールの権限は常にテンプレートと同じです。テンプレートを変更すると追随します。',
    copyHelp: '現在のテンプレートの権限をコピーします。以後ロールの権限は個別に編集します。',
  },
  noTemplate: 'テンプレートなし',
  templates: {
    title: '権限テンプレート', add: '追加', addTitle: 'テンプレート追加', modifyTitle: 'テンプレート変更', edit: '変更', delete: '削除',
    confirmDelete: 'テンプレート「{{name}}」と配下のテンプレートを削除しますか？追随していたロールは現在の権限を独自のコピーとして保持します。',
    menuGrant: 'メニュー権限', apiGrant: 'API 権限', name: 'テンプレート名', description: '説明', namePlaceholder: '30 文字以内',
    syncRoles: '{{count}} 件のロールが追随', rootTip: 'ルートノードは権限設定に対応していません', selectFirst: '権限を設定する前にテンプレートを選択してください',
    moved: '移動しました', dragHint: 'ドラッグで階層を変更できます',
  },
  apply: { title: 'テンプレート適用 - {{name}}', template: 'テンプレート', mode: '使い方', done: 'テンプレートを適用しました' },
  grant: {
    menuTitle: 'メニュー権限 - {{name}}', apiTitle: 'API 権限 - {{name}}',
    syncWarning: 'このロールはテンプレート「{{template}}」に追随しています。独自の権限を保存するとコピーになり、テンプレートに追随しなくなります。',
    templateHint: '保存すると、このテンプレートに追随する {{count}} 件のロールにも同じ権限が付与されます。',
  },
  view: { title: '権限の確認 - {{name}}', item: '権限項目', menu: 'メニュー', purview: '権限', read: '読み取り', readWrite: '読み書き', empty: 'このロールには権限がありません' },
  members: { tenant: 'テナント' },
} satisfies Messages<typeof zh>;
