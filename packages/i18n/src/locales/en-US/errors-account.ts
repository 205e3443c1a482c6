import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-account.js';

/** Server messages of the accounts area: `errors:account.<reason>` (SPEC §2 accountManagement, §3 WeChat type). */
export default {
  not_found: 'The account does not exist or has been deleted',
  account_pattern: 'The account may contain only letters, digits and _ - . @',
  type_invalid: 'Please choose the account type: enterprise WeChat, official account or open platform',
  account_in_use: 'An account "{{account}}" of this type already exists',
  user_not_found: 'The selected user does not exist or is outside your data scope',
  already_bound: 'The account is associated with the user "{{username}}"; unbind wechat first',
  user_has_type: 'The user already has an account of this type ("{{account}}")',
  not_bound: 'The account is not associated with a user',
} satisfies Messages<typeof zh>;
