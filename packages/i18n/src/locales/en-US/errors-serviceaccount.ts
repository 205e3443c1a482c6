import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-serviceaccount.js';

/** Server messages of service accounts: `errors:serviceaccount.<reason>` (docs/service-accounts.md). */
export default {
  serviceaccount: {
    not_found: 'The service account does not exist or is outside what you manage',
    name_required: 'Please enter the service account name',
    name_too_long: 'The service account name cannot exceed {{max}} characters',
    description_too_long: 'The description cannot exceed {{max}} characters',
    role_required: 'Please select at least one role',
    role_too_many: 'Select at most {{max}} roles',
    role_unknown: 'The role "{{id}}" does not exist or is not one of this tenant\'s',
    expiry_invalid: 'The expiry date is not a valid date or is before today',
    credential_invalid: 'Wrong key id or secret',
    disabled: 'The service account is disabled',
    expired: "The service account's credential has expired",
    not_interactive: 'A service account cannot sign in interactively; request a token with its key',
    no_identity: 'A service account cannot be made an administrator or hold an identity; grant it roles instead',
    no_renewal: "A service account's session cannot be renewed; request a new token",
  },
} satisfies Messages<typeof zh>;
