import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appapi.js';

export default {
  title: 'API management',
  intro:
    "Register the application's back-end services (service urls end with .do), grouped by service and module. Page function definitions choose their load and save APIs here, and roles are granted APIs.",
  newApi: 'New API',
  addTitle: 'New API',
  modifyTitle: 'Modify API',
  keyword: 'Keyword',
  keywordPlaceholder: 'Name, service url, service or module',
  tree: 'Services and modules',
  allApis: 'All APIs',
  treeSearch: 'Filter services or modules',
  treeEmpty: 'No APIs yet',
  importDone: 'Import finished: {{created}} created, {{updated}} updated',
  importReportTitle: 'Import failed',
  importReportSummary: '{{rows}} row(s) have {{count}} error(s); nothing was imported. Please correct the file and import it again.',
  reportRow: 'Row',
  reportColumn: 'Column',
  reportMessage: 'Message',
  templateFile: 'api-template.xlsx',
  exportFile: 'apis.xlsx',
  field: {
    name: 'API name',
    serviceName: 'Service name',
    moduleName: 'Module name',
    url: 'Service url',
    description: 'Description',
    updatedAt: 'Update time',
  },
  placeholder: {
    name: 'e.g. List orders',
    serviceName: 'e.g. order-service',
    moduleName: 'e.g. Orders',
    url: 'e.g. /order/list.do',
    description: 'What this API does',
  },
  urlHelp: 'Must end with .do and be unique in the application (case-insensitive)',
} satisfies Messages<typeof zh>;
