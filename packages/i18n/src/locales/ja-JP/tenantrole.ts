import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantrole.js';

/** テナント領域のロール管理の画面テキスト（SPEC §2 Tenant → roleManagement；docs/tenant-roles.md）。その他は role 名前空間を使用。 */
export default {
  title: 'ロール管理',
  apiGrant: 'API 権限付与',
  api: {
    title: 'API 権限付与 - {{name}}',
    hint: 'このロールが呼び出せる API にチェックを付けてください。チェックのない API の呼び出しは拒否されます。',
    selectGranted: '権限付与済みメニューの API を選択',
    clear: 'すべてクリア',
    menuGranted: 'メニュー付与済み',
    menuNotGranted: 'メニュー未付与',
    count: '{{count}} 件の API を選択中',
  },
  org: {
    hint: 'このロールがデータにアクセスできる組織（下位組織を含む）にチェックを付けてください。ノードを展開すると下位が読み込まれます。',
    granted: '権限付与済みの組織',
    none: '組織が選択されていません',
    loadMore: 'さらに読み込む（{{total}} 件中 {{shown}} 件を表示）',
  },
  view: {
    apis: 'API 権限',
  },
  readOnly: '読み取り専用：あなたのロールにはこのメニューの書き込み権限がありません',
} satisfies Messages<typeof zh>;
