import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantuser.js';

/** Tenant user management (SPEC §2 Tenant → employeeManagement; issue 5; docs/tenant-users.md). Other texts are the platform's (user). */
export default {
  orgTree: 'Organisations',
  allOrgs: 'All organisations',
  includeSub: 'Include sub-organisations',
  scopeAll: 'Showing: all organisations',
  scopeOrg: 'Showing: {{name}}',
  station: 'Position',
  stationPlaceholder: 'All positions',
  readOnly: 'Read only: your roles grant no write access to this menu',
} satisfies Messages<typeof zh>;
