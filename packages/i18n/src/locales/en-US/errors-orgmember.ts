import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-orgmember.js';

/** Server messages of the organisation members area: `errors:orgmember.<reason>` (SPEC §2 orgEmployeeRelation). */
export default {
  org_not_found: 'The organisation does not exist or has been deleted',
  user_required: 'Please choose at least one user',
  member_required: 'select at least one record',
  user_not_found: 'A selected user does not exist or is outside your data scope',
  affiliated: '"{{name}}" is affiliated with this organisation and cannot be removed here; change the affiliated organisation in user management',
} satisfies Messages<typeof zh>;
