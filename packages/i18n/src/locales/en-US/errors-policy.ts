import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-policy.js';

export default {
  client_unauthorized: 'Client authentication failed: use a confidential client of the application (HTTP Basic) or its client_credentials access token',
  tenant_not_subscribed: 'The tenant does not exist or does not use this application',
  user_not_found: 'The user does not exist in this tenant',
  user_required: 'Give exactly one of userId and username',
  target_required: 'Give exactly one of api, control and menu',
  cursor_invalid: 'The sync cursor is invalid',
  cursor_expired: 'The sync cursor has expired; read the permissions again, then sync from the new cursor',
  ticket_invalid: 'The single sign-on ticket is invalid, used or expired; open the application again from My apps',
} satisfies Messages<typeof zh>;
