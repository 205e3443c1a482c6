import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-calllog.js';

/** サービス呼び出し統計と呼び出しログのサーバーメッセージ：`errors:calllog.<reason>`（docs/call-logs.md）。 */
export default {
  calllog: {
    range_required: 'ログ検索の日付範囲を選択してください',
    range_invalid: '日付が正しくありません',
    range_order: '開始時刻は終了時刻より後にできません',
    range_too_long: '検索の日付範囲は {{days}} 日を超えることはできません',
    export_too_many: '条件に一致する呼び出しが {{count}} 件あり、エクスポート上限の {{max}} 件を超えています。条件または日付範囲を絞り込んでください',
  },
} satisfies Messages<typeof zh>;
