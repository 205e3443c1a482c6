/**
 * Console texts: grid — the shared data grid (SPEC §2 Generic grids: paging, search, reset, batch
 * delete, enable/disable, lock/unlock, import, export, template download). zh-CN is the source.
 */
export default {
  total: '共 {{count}} 条',
  selected: '已选择 {{count}} 项',
  clearSelection: '取消选择',
  batchDelete: '批量删除',
  batchEnable: '批量启用',
  batchDisable: '批量停用',
  lock: '锁定',
  unlock: '解锁',
  confirmLock: '确定要锁定选中的 {{count}} 条记录吗？',
  confirmUnlock: '确定要解锁选中的 {{count}} 条记录吗？',
  import: '导入',
  export: '导出',
  exporting: '正在导出…',
  exportSucceeded: '导出成功',
  downloadTemplate: '下载模板',
  importSucceeded: '导入成功',
  excelOnly: '只能上传 Excel 文件',
  fileNameTooLong: '文件名长度不能大于 {{max}}',
  fileTooLarge: '文件大小不能超过 {{size}}',
  reload: '刷新列表',
  searchForm: '查询条件',
  toolbar: '列表操作',
};
