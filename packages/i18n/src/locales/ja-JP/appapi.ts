import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appapi.js';

export default {
  title: 'API 管理',
  intro:
    'アプリのバックエンド API（サービス URL は .do で終わる）をサービスとモジュールごとに登録します。ページの機能定義はここからデータの読み込み・保存 API を選び、ロールには API 単位で権限を付与します。',
  newApi: 'API を追加',
  addTitle: 'API を追加',
  modifyTitle: 'API を編集',
  keyword: 'キーワード',
  keywordPlaceholder: '名前、サービス URL、サービス、モジュール',
  tree: 'サービスとモジュール',
  allApis: 'すべての API',
  treeSearch: 'サービスまたはモジュールを絞り込む',
  treeEmpty: 'API はまだありません',
  importDone: 'インポート完了：追加 {{created}} 件、更新 {{updated}} 件',
  importReportTitle: 'インポートに失敗しました',
  importReportSummary: '{{rows}} 行に {{count}} 件のエラーがあるため、何もインポートされませんでした。ファイルを修正して再度インポートしてください。',
  reportRow: '行',
  reportColumn: '列',
  reportMessage: 'エラー内容',
  templateFile: 'API インポートテンプレート.xlsx',
  exportFile: 'API 一覧.xlsx',
  field: {
    name: 'API 名',
    serviceName: 'サービス名',
    moduleName: 'モジュール名',
    url: 'サービス URL',
    description: '説明',
    updatedAt: '更新日時',
  },
  placeholder: {
    name: '例：注文一覧の取得',
    serviceName: '例：order-service',
    moduleName: '例：注文',
    url: '例：/order/list.do',
    description: 'この API の役割',
  },
  urlHelp: '.do で終わり、アプリ内で一意（大文字小文字を区別しない）である必要があります',
} satisfies Messages<typeof zh>;
