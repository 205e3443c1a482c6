import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-role.js';

/** Server messages of the role area: `errors:role.<reason>`. */
export default {
  not_found: 'The role does not exist or has been deleted',
  no_pattern: 'The role number may contain only letters, digits and underscores',
  no_in_use: 'The role number "{{roleNo}}" is already in use in this tenant',
  name_pattern: 'The role name may contain only Chinese characters, letters, digits and underscores',
  org_required: 'Please select the organisation or group',
  org_not_found: 'The selected organisation does not belong to this tenant',
  built_in: 'The built-in role "{{name}}" cannot be deleted',
  user_required: 'Please select at least one user',
  member_required: 'Please select at least one role member',
  user_not_in_tenant: 'A selected user does not belong to this tenant',
  grant_root: 'Root node does not support permission configuration',
  grant_menu_unknown: 'The menu "{{id}}" does not exist',
  grant_orgtype_unknown: 'The organisation type "{{id}}" does not exist',
  grant_org_unknown: 'The organisation "{{id}}" is not in this organisation tree of the tenant',
  grant_purview: 'Invalid permission value {{value}} for "{{id}}" (1 read, 2 write)',
  grant_duplicate: '"{{id}}" appears more than once in the grant list',
  category_unknown: 'The organisation category {{category}} is not configured',
} satisfies Messages<typeof zh>;
