/** Server messages of the operations endpoints: `errors:ops.<reason>`. zh-CN is the source. */
export default {
  migrations_pending: '数据库缺少本版本需要的迁移（已应用 {{applied}} 个，需要 {{expected}} 个）',
  database_timeout: '数据库未能在 {{ms}} 毫秒内响应',
  metrics_refused: '无权读取监控指标',
};
