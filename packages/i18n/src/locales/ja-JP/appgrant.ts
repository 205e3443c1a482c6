import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appgrant.js';

/** テナントロールのアプリケーション権限付与（ロール権限付与・API 権限付与・権限表示ダイアログのアプリケーションタブ；docs/applications.md）。 */
export default {
  showName: '{{name}}（{{suffix}}）',
  suffix: {
    module: 'モジュール',
    page: 'ページ',
    form: 'フォーム',
    api: 'API',
    composite: '複合コントロール',
    button: 'ボタン',
    grid: 'グリッド',
    input: '入力欄',
    display: '表示欄',
  },
  unattached: 'ページに紐付いていない API',
  consoleTab: 'コンソールメニュー',
  menuHint: 'メニュー・ページ・コントロールごとに読み取り / 書き込みを選択します。書き込みを選ぶと読み取りも選択されたままになります。',
  apiHint: 'このロールが呼び出せるアプリケーション API を選択します。選択されていない API は拒否されます。',
  search: '名前で検索',
  noMatch: '結果が見つかりませんでした',
  noData: 'このノードにはデータがありません',
  disabled: '無効',
  appDisabled: 'アプリケーション無効',
  selectAll: 'すべて選択',
  clear: 'すべてクリア',
  count: '{{count}} 件の API を選択',
  view: {
    title: 'アプリケーション権限',
    menus: 'メニュー',
    controls: 'コントロール',
    apis: 'API',
  },
} satisfies Messages<typeof zh>;
