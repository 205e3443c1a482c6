import type { Messages } from '../../types.js';
import type zh from '../zh-CN/grid.js';

export default {
  total: '全 {{count}} 件',
  selected: '{{count}} 件選択中',
  clearSelection: '選択を解除',
  batchDelete: '一括削除',
  batchEnable: '一括有効化',
  batchDisable: '一括無効化',
  lock: 'ロック',
  unlock: 'ロック解除',
  confirmLock: '選択した {{count}} 件のレコードをロックしてもよろしいですか？',
  confirmUnlock: '選択した {{count}} 件のレコードのロックを解除してもよろしいですか？',
  import: 'インポート',
  export: 'エクスポート',
  exporting: 'エクスポート中…',
  exportSucceeded: 'エクスポートしました',
  downloadTemplate: 'テンプレートをダウンロード',
  importSucceeded: 'インポートしました',
  excelOnly: 'Excel ファイルのみアップロードできます。',
  fileNameTooLong: 'ファイル名は {{max}} 文字以内にしてください。',
  fileTooLarge: 'ファイルサイズは {{size}} 以下にしてください。',
  reload: '一覧を再読み込み',
  searchForm: '検索条件',
  toolbar: '一覧の操作',
} satisfies Messages<typeof zh>;
