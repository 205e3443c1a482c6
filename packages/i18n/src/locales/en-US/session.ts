import type { Messages } from '../../types.js';
import type zh from '../zh-CN/session.js';

export default {
  route: 'Online users',
  title: 'Online users',
  keyword: 'User',
  keywordPlaceholder: 'User name or employee name',
  tenant: 'Tenant',
  tenantPlaceholder: 'Tenant name or code',
  field: {
    username: 'User name',
    employeeName: 'Employee name',
    tenant: 'Tenant',
    identities: 'Identities',
    ip: 'IP address',
    userAgent: 'User agent',
    createdAt: 'Signed in at',
    expiresAt: 'Expires at',
    action: 'Operation',
  },
  identity: { '1': 'enterprise user', '2': 'application administrator', '3': 'tenant administrator', '4': 'platform administrator', '5': 'test account' },
  current: 'Current session',
  currentHint: 'This is your own session; sign out to end it',
  eliminate: 'Eliminate',
  batchEliminate: 'Batch eliminate',
  confirmEliminate: 'Eliminate user "{{name}}"? The session\'s token stops working at once.',
  confirmBatchEliminate: 'Eliminate the {{count}} selected sessions? Their tokens stop working at once.',
  eliminated: 'Eliminate user success',
  online: 'Online',
  offline: 'Offline',
} satisfies Messages<typeof zh>;
