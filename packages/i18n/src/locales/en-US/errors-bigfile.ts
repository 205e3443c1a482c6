import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-bigfile.js';

/** Server messages of big files: `errors:bigfile.<reason>` (SPEC §2 /bigfile; docs/bigfile.md). */
export default {
  disabled: 'Large file upload is turned off',
  too_large: 'The file size can not exceed {{max}}',
  type_not_allowed: 'Files of this type can not be uploaded (allowed: {{accept}})',
  quota_exceeded: 'Not enough storage space: {{free}} left',
  name_required: 'The file name is required',
  length_required: 'The upload must declare the file size',
  not_found: 'The upload does not exist or has expired',
  offset_mismatch: 'The upload position does not match; please continue the upload',
  protocol: 'Invalid upload request: {{detail}}',
} satisfies Messages<typeof zh>;
