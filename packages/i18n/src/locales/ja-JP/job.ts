import type { Messages } from '../../types.js';
import type zh from '../zh-CN/job.js';

/** バックグラウンドジョブ（インポート）の進捗ダイアログ（docs/tenancy.md）。 */
export default {
  title: '{{fileName}} をインポート中',
  state: {
    queued: '待機中',
    validating: '全行を検証しています…',
    applying: '書き込んでいます…',
    done: 'インポートが完了しました',
    failed: '検証エラーのため、何もインポートされていません',
    error: 'インポートに失敗しました。何もインポートされていません',
  },
  progress: '{{processed}} / {{total}} 行を処理済み',
  background: 'このウィンドウを閉じてもジョブはバックグラウンドで続行します。',
  doneSummary: '新規 {{created}} 件、更新 {{updated}} 件。',
  failedSummary: 'エラー {{count}} 件：ファイルを修正して再度インポートしてください。',
  errorSummary: '予期しないエラーでジョブが停止し、何も書き込まれませんでした。運用担当者への参照：ジョブ {{jobId}}。',
  interrupted: 'ジョブの実行中にサーバーが停止したため、ジョブは中断されました。',
  column: { row: '行', field: '列', message: '問題' },
  downloadReport: 'エラーレポートをダウンロード',
  reportFileName: 'import-errors.csv',
  close: '閉じる',
} satisfies Messages<typeof zh>;
