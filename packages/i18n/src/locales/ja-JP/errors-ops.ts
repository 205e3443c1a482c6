import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-ops.js';

/** Server messages of the operations endpoints: `errors:ops.<reason>`. */
export default {
  migrations_pending: 'データベースにこのバージョンが必要とするマイグレーションがありません（適用済み {{applied}} 件、必要 {{expected}} 件）',
  database_timeout: 'データベースが {{ms}} ミリ秒以内に応答しませんでした',
  metrics_refused: 'メトリクスを読み取る権限がありません',
} satisfies Messages<typeof zh>;
