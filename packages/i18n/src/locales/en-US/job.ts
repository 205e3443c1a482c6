import type { Messages } from '../../types.js';
import type zh from '../zh-CN/job.js';

/** Progress dialog of background jobs (imports; docs/tenancy.md "Bulk import as a background job"). */
export default {
  title: 'Importing {{fileName}}',
  state: {
    queued: 'Queued',
    validating: 'Checking every row…',
    applying: 'Writing…',
    done: 'Import finished',
    failed: 'Rows were refused; nothing was imported',
    error: 'The import failed; nothing was imported',
  },
  progress: '{{processed}} of {{total}} rows processed',
  background: 'The job goes on in the background if you close this window.',
  doneSummary: '{{created}} created, {{updated}} updated.',
  failedSummary: '{{count}} problems: correct the file and import it again.',
  errorSummary: 'The job stopped on an unexpected error and nothing was written. Reference for the operators: job {{jobId}}.',
  interrupted: 'The server stopped while the job was running; the job was interrupted.',
  column: { row: 'Row', field: 'Column', message: 'Problem' },
  downloadReport: 'Download the error report',
  reportFileName: 'import-errors.csv',
  close: 'Close',
} satisfies Messages<typeof zh>;
