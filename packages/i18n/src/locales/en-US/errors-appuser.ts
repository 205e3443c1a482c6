import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appuser.js';

export default {
  tenant_not_using: 'This tenant does not use the application',
  org_not_found: 'The organization does not exist or has been deleted',
  root_redundant: 'The organization "{{name}}" is already inside the root organization "{{root}}"',
  org_outside_roots: "The chosen organization is not inside the application's root organizations",
  user_not_found: 'The user does not exist or is not a user of this application',
  admin_untouchable: 'The user "{{username}}" is an administrator or yourself and cannot be changed here',
  account_in_use: 'The application account "{{account}}" is already used by another user of the tenant',
  selection_required: 'Please select at least one record',
} satisfies Messages<typeof zh>;
