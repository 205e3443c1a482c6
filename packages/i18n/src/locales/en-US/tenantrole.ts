import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantrole.js';

/** Texts of the tenant area's role management (SPEC §2 Tenant → roleManagement; docs/tenant-roles.md); the rest come from the role namespace. */
export default {
  title: 'Role management',
  apiGrant: 'API authorisation',
  api: {
    title: 'API authorisation - {{name}}',
    hint: 'Tick the APIs this role may call; calls to APIs not ticked are refused.',
    selectGranted: 'Select the APIs of the granted menus',
    clear: 'Clear all',
    menuGranted: 'Menu granted',
    menuNotGranted: 'Menu not granted',
    count: '{{count}} API(s) selected',
  },
  org: {
    hint: 'Tick the organisations whose data this role may access (with their sub-organisations); levels load as you expand them.',
    granted: 'Granted organisations',
    none: 'No organisation chosen',
    loadMore: 'Load more ({{shown}} of {{total}} shown)',
  },
  view: {
    apis: 'API permissions',
  },
  readOnly: 'Read only: your roles do not grant write on this menu',
} satisfies Messages<typeof zh>;
