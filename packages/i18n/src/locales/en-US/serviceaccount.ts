import type { Messages } from '../../types.js';
import type zh from '../zh-CN/serviceaccount.js';

/** The service-account screens (platform and tenant areas; docs/service-accounts.md). */
export default {
  title: 'Service accounts',
  intro:
    'A service account is a credential for automation scripts that call the admin API: it has exactly the rights of the roles you choose and cannot sign in interactively. Scripts exchange its key id and secret for a short-lived token.',
  newAccount: 'New service account',
  addTitle: 'New service account',
  modifyTitle: 'Modify service account',
  keyword: 'Keyword',
  keywordPlaceholder: 'Name or key id',
  empty: 'No service accounts yet',
  field: {
    name: 'Name',
    keyId: 'Key id',
    description: 'Description',
    roles: 'Roles',
    expiresAt: 'Expiry date',
    lastUsedAt: 'Last used',
    createdAt: 'Created',
    status: 'Status',
  },
  placeholder: {
    name: 'e.g. Nightly HR sync',
    description: 'Purpose, owner',
    roles: 'Select roles (at least one)',
    expiresAt: 'Empty: never expires',
  },
  rolesHelp: "The service account has exactly these roles' grants, never administrator rights.",
  expiresHelp: 'The credential stops at the end of this day (UTC).',
  never: 'Never',
  noExpiry: 'Never expires',
  expired: 'Expired',
  rotate: 'Rotate secret',
  rotateTitle: 'Rotate the secret of "{{name}}"?',
  rotateContent: 'The old secret and the sessions it opened stop at once; scripts using it need the new secret.',
  rotated: 'A new secret was generated',
  secret: {
    title: "Save the service account's secret now",
    warning:
      "The secret is shown only this once and cannot be viewed again after you close this dialog. Copy it into your script's secret store; if it is lost, rotate the secret.",
    keyId: 'Key id',
    secret: 'Secret',
    copy: 'Copy secret',
    copied: 'Secret copied',
    done: 'I have saved the secret',
  },
} satisfies Messages<typeof zh>;
