import type { Messages } from '../../types.js';
import type zh from '../zh-CN/apptenant.js';

/** App management (SPEC §2 appManagement, §3 Application tenant, §8). */
export default {
  title: 'Application management',
  notice:
    "Applications are added to this tenant by the platform administrator (Tenant management → Product authorisation). Here you can change the name and code this tenant uses, and enable or disable them. This tenant's users cannot sign in to a disabled application.",
  empty: 'This tenant has no applications yet. Ask the platform administrator to authorise products for it (Tenant management → Product authorisation).',
  modifyTitle: 'Modify application',
  codePattern: 'The application tenant code must consist of letters and numbers',
  field: {
    name: 'Application name',
    code: 'Application code',
    product: 'Product',
    version: 'Version',
    status: 'Status',
    creator: 'Creator',
    updatedAt: 'Update time',
    tenantId: 'Tenant ID',
  },
  search: {
    name: 'Application name',
    code: 'Application code',
  },
  placeholder: {
    name: 'Required, at most 50 characters',
    code: 'Required; letters and digits, at most 20',
  },
} satisfies Messages<typeof zh>;
