/** Server messages of the tenant audit log: `errors:auditlog.<reason>`. zh-CN is the source. */
export default {
  export_too_many: '符合条件的日志有 {{count}} 条，一次最多导出 {{max}} 条，请缩小日期范围或增加筛选条件',
};
