import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-tenantrole.js';

/** Server messages of the tenant area's role management: `errors:tenantrole.<reason>` (docs/tenant-roles.md). */
export default {
  grant_api_unknown: 'The API "{{id}}" is not in the tenant\'s API catalogue',
} satisfies Messages<typeof zh>;
