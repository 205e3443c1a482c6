/** 服务调用统计与调用日志的服务端消息：`errors:calllog.<reason>`（docs/call-logs.md）。 */
export default {
  calllog: {
    range_required: '请选择日志查询的日期范围',
    range_invalid: '日期无效',
    range_order: '开始时间不能晚于结束时间',
    range_too_long: '查询的日期范围不能超过 {{days}} 天',
    export_too_many: '符合条件的调用记录有 {{count}} 条，超过导出上限 {{max}} 条，请缩小筛选条件或日期范围',
  },
};
