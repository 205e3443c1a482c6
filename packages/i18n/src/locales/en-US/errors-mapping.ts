import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-mapping.js';

/** Server messages of organisation and user mappings: `errors:mapping.<reason>` (SPEC §2 orgMappingManagement, employeeMappingManagement). */
export default {
  not_found: 'The mapping does not exist or was deleted',
  app_not_found: "The chosen application is not one of this tenant's",
  org_not_found: "The chosen organisation is not one of this tenant's",
  user_not_found: "The chosen user is not one of this tenant's",
  org_mapped: 'The organisation "{{name}}" is already mapped in this application',
  code_in_use: 'The application organisation code "{{code}}" is already mapped in this application',
  user_mapped: 'The user "{{name}}" is already mapped in this application',
  account_in_use: 'The application account "{{account}}" is already mapped in this application',
  code_pattern: 'Only letters, digits and . _ - @ are allowed',
} satisfies Messages<typeof zh>;
