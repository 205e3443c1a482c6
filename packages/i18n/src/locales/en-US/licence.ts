import type { Messages } from '../../types.js';
import type zh from '../zh-CN/licence.js';

export default {
  title: 'Licence management',
  current: 'Current licence',
  refresh: 'Refresh',
  state: {
    trial: 'Trial',
    trial_ended: 'Trial ended',
    active: 'Activated',
    expired: 'Expired',
  },
  field: {
    customer: 'Customer',
    serial: 'Licence number',
    issuedAt: 'Issued',
    expiresAt: 'Expires',
    trialStartedAt: 'Installed',
    trialEndsAt: 'Trial ends',
    daysLeft: 'Days left',
    activatedBy: 'Activated by',
    activatedAt: 'Activated',
    fingerprint: 'Code fingerprint',
    limits: 'Limits',
    status: 'Status',
  },
  days: '{{count}} days',
  dayOne: '{{count}} day',
  unit: 'days',
  unitOne: 'day',
  unlimited: 'Unlimited',
  trialCustomer: 'Not activated (trial)',
  usage: {
    title: 'Usage',
    tenants: 'Tenants',
    users: 'Users',
    of: '{{used}} / {{limit}}',
    unlimitedOf: '{{used}} / unlimited',
  },
  limitsText: 'Tenants {{tenants}}, users {{users}}',
  alert: {
    trial:
      'The system is not activated and runs as a trial with {{days}} left. The trial does not limit tenants or users; after it ends, activate the system to add tenants and users.',
    trial_ended: 'The trial ended on {{date}}. Existing data and sign-ins are not affected, but tenants and users can be added only after activation.',
    warn: 'The licence expires on {{date}}, {{days}} from now. Please ask your supplier for a new activation code in time.',
    expired:
      'The licence expired on {{date}}. Existing data and sign-ins are not affected, but tenants and users can be added only after a new activation code is activated.',
  },
  activate: {
    title: 'System activation',
    code: 'Activation code',
    placeholder: 'Paste the activation code from your supplier',
    required: 'Please enter the activation code',
    hint: 'The code is verified offline on this server; no network access is needed. The new licence takes effect at once; the previous one stays in the history.',
    submit: 'Activate',
    success: 'Activated. The licence is valid until {{date}}',
  },
  history: {
    title: 'Activation history',
    inForce: 'In force',
    replaced: 'Replaced',
  },
  badge: {
    trial: 'Trial: {{days}} left',
    warn: 'Licence: {{days}} left',
    expired: 'Licence expired',
    trial_ended: 'Trial ended',
    tip: 'Open licence management',
  },
} satisfies Messages<typeof zh>;
