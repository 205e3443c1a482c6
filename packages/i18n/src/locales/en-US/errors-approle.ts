import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-approle.js';

/** Server messages of application roles and permission templates: `errors:approle.<reason>`, `errors:apptemplate.<reason>` (docs/applications.md "Application roles and permission templates"). */
export default {
  approle: {
    not_found: "The role does not exist or is not one of this application's",
    code_in_use: 'The role number "{{code}}" already exists',
    user_required: 'Please select at least one user',
    member_required: 'Please select at least one role member',
    not_app_user: 'The user "{{id}}" is not a user of this application',
  },
  apptemplate: {
    not_found: "The permission template does not exist or is not one of this application's",
    name_in_use: 'A template named "{{name}}" already exists at this level',
    required: 'Template must be selected before permission configuration',
    root: 'Root node does not support permission configuration',
    move_cycle: 'A template cannot be moved under itself or one of its descendants',
  },
} satisfies Messages<typeof zh>;
