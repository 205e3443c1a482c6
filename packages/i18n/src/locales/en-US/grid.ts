import type { Messages } from '../../types.js';
import type zh from '../zh-CN/grid.js';

export default {
  total: 'Total {{count}}',
  selected: '{{count}} selected',
  clearSelection: 'Clear selection',
  batchDelete: 'Batch delete',
  batchEnable: 'Batch enable',
  batchDisable: 'Batch disable',
  lock: 'Lock',
  unlock: 'Unlock',
  confirmLock: 'Are you sure to lock the {{count}} selected record(s)?',
  confirmUnlock: 'Are you sure to unlock the {{count}} selected record(s)?',
  import: 'Import',
  export: 'Export',
  exporting: 'Exporting…',
  exportSucceeded: 'Export succeeded',
  downloadTemplate: 'Download template',
  importSucceeded: 'Import succeeded',
  excelOnly: 'Only Excel files can be uploaded.',
  fileNameTooLong: 'The file name length can not be greater than {{max}}.',
  fileTooLarge: 'The file size can not exceed {{size}}.',
  reload: 'Reload list',
  searchForm: 'Search conditions',
  toolbar: 'List actions',
} satisfies Messages<typeof zh>;
