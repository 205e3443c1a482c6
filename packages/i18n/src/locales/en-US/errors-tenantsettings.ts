import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-tenantsettings.js';

/** Server messages of the tenant's configuration: `errors:tenantsettings.<reason>` (SPEC §2 Tenant sysconfig). */
export default {
  number_range: '{{field}} must be a whole number from {{min}} to {{max}}',
} satisfies Messages<typeof zh>;
