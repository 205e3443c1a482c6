import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appapi.js';

export default {
  not_found: 'The API does not exist or has been deleted',
  url_suffix: 'The service url must end with .do',
  url_space: 'The service url must not contain spaces',
  url_in_use: 'The service url "{{url}}" is already used by another API of this application',
  import_invalid: '{{count}} row(s) failed the checks; nothing was imported',
  import_unreadable: 'The file cannot be read; please upload a valid Excel file',
  import_column_missing: 'The required column "{{column}}" is missing; please use the template',
  import_empty: 'The file has no data rows',
  import_too_many: 'At most {{max}} rows can be imported at once',
  import_duplicate: 'Same service url as row {{row}}',
  field: {
    name: 'API name',
    serviceName: 'Service name',
    moduleName: 'Module name',
    url: 'Service url',
    description: 'Description',
  },
} satisfies Messages<typeof zh>;
