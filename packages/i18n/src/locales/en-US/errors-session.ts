import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-session.js';

export default {
  not_found: 'The session does not exist, has already ended, or belongs to a tenant you do not administer',
  own_session: 'You cannot eliminate your own current session; sign out instead',
} satisfies Messages<typeof zh>;
