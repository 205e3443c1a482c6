import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-station.js';

/** Server messages of the station (position) area: `errors:station.<reason>` (SPEC §5 Station / Position). */
export default {
  not_found: 'The station does not exist or has been deleted',
  name_pattern: 'The station name must not contain single quotes or angle brackets',
  code_pattern: 'The station code may contain only letters, digits and underscores',
  code_in_use: 'The station code "{{code}}" is already in use in this tenant',
  parent_not_found: 'The selected parent position does not belong to this tenant',
  parent_cycle: 'The parent position cannot be the station itself or one of its subordinate stations',
  org_not_found: 'The selected organisation does not belong to this tenant',
  has_members: 'The station "{{name}}" still has members and cannot be deleted',
  has_children: 'The station "{{name}}" still has subordinate stations and cannot be deleted',
  user_required: 'Please choose at least one user',
  member_required: 'Please choose at least one station member',
  user_not_in_tenant: 'A selected user does not belong to this tenant',
} satisfies Messages<typeof zh>;
