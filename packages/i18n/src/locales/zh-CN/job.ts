/** 后台任务（导入）的进度对话框（docs/tenancy.md "Bulk import as a background job"）。 */
export default {
  title: '导入 {{fileName}}',
  state: {
    queued: '排队中',
    validating: '正在校验每一行…',
    applying: '正在写入…',
    done: '导入完成',
    failed: '校验未通过，未导入任何数据',
    error: '导入失败，未导入任何数据',
  },
  progress: '已处理 {{processed}} / {{total}} 行',
  background: '关闭此窗口后任务仍在后台继续。',
  doneSummary: '新增 {{created}} 条，更新 {{updated}} 条。',
  failedSummary: '{{count}} 处错误，请修改文件后重新导入。',
  errorSummary: '任务因意外错误停止，未写入任何数据。供运维人员查阅：任务 {{jobId}}。',
  interrupted: '服务在任务进行中停止，任务已中断。',
  column: { row: '行号', field: '列', message: '问题' },
  downloadReport: '下载错误报告',
  reportFileName: '导入错误报告.csv',
  close: '关闭',
};
