import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-profile.js';

export default {
  same_address: 'The new address is the one you already have',
  session_not_found: 'The session does not exist, has already ended, or is not yours',
  own_session: 'You cannot end your current session here; sign out instead',
  mail_failed: 'The mail with the code could not be sent; please try again later or contact the administrator',
  mailSubject: '[{{system}}] Code to confirm your new address',
} satisfies Messages<typeof zh>;
