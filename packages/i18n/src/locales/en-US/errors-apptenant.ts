import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-apptenant.js';

/** Server messages of application tenants: `errors:apptenant.<reason>` (SPEC §3 Application tenant, §8). */
export default {
  not_found: 'The application tenant does not exist or its authorisation was withdrawn by the platform',
  code_pattern: 'The application tenant code must consist of letters and numbers',
  code_in_use: 'The application tenant code "{{code}}" is already used in this tenant',
} satisfies Messages<typeof zh>;
