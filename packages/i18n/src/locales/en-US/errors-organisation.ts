import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-organisation.js';

/** Server messages of the organisation area: `errors:organisation.<reason>` (SPEC §5 Organisation, Import files). */
export default {
  not_found: 'The organisation does not exist or has been deleted',
  name_pattern: 'The organisation name must not contain single quotes or angle brackets',
  code_pattern: 'The organisation code may contain only letters, digits, underscores and hyphens',
  code_in_use: 'The organisation code "{{code}}" is already in use',
  type_invalid: 'Please choose the organisation type',
  sort_invalid: 'The sort order must be an integer from 0 to 999999',
  parent_required: 'Please choose the parent organisation',
  parent_not_found: "The chosen parent organisation is not in this tenant's organisation tree",
  parent_cycle: 'The parent organisation cannot be the organisation itself or one of its sub-organisations',
  root_fixed: 'The root organisation has no parent: it cannot be moved, taken out of the tree, disabled or deleted',
  has_children: 'The organisation "{{name}}" still has sub-organisations and cannot be deleted',
  has_users: 'The organisation "{{name}}" still has users and cannot be deleted',
  has_stations: 'The organisation "{{name}}" still has positions and cannot be deleted',
  has_roles: 'The organisation "{{name}}" still has roles and cannot be deleted',
  detach_has_children: 'The organisation "{{name}}" still has sub-organisations; only a leaf can be taken out of the tree',
  not_in_tree: 'The organisation is not in the organisation tree',
  import_empty: 'The import file has no rows',
  import_too_many: 'At most {{max}} organisations can be imported at once',
  import_code_duplicate: 'The organisation code "{{code}}" appears more than once in the file',
  import_parent_unknown: 'The parent code "{{code}}" is neither in the file nor an organisation of this tenant',
  import_cycle: 'The parent code "{{code}}" makes a cycle',
  import_type: 'The organisation type is not valid',
  import_status: 'The status must be "Enabled" or "Disabled"',
  import_root: 'The root organisation "{{code}}" cannot be imported',
} satisfies Messages<typeof zh>;
