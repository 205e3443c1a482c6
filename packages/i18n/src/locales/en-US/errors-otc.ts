import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-otc.js';

/** Server messages of one-time codes, MFA and password recovery: `errors:otc.<reason>`, mail and SMS texts. */
export default {
  code_invalid: 'The code is wrong or no longer valid; please request a new one',
  code_too_many_tries: 'Too many wrong codes; please request a new one',
  code_empty: 'dynamic code empty',
  mobile_invalid: 'enter correct mobile number',
  email_invalid: 'Please enter a correct e-mail address',
  mail_not_configured: 'No mail configuration is enabled, so no mail can be sent; please contact the administrator',
  sms_not_configured: 'No SMS configuration is enabled, so no SMS can be sent; please contact the administrator',
  sms_send_failed: 'The SMS could not be sent: {{reason}}',
  mfa_ticket_invalid: 'The sign-in confirmation has timed out; please sign in again',
  reset_link_invalid: 'the password-recovery link has expired, please use the latest link or recover again',
  mfa_no_address: 'The account has no e-mail or mobile number to receive a confirmation code; please contact the administrator',
  public_url_missing: 'The server has no public address (MP_PUBLIC_URL), so no recovery mail can be sent',
  sms: '[{{system}}] Your code is {{code}}, valid for {{minutes}} minutes. Do not share it with anyone.',
  mail: {
    loginSubject: '{{system}} sign-in code',
    mfaSubject: '{{system}} sign-in confirmation code',
    codeBody:
      'Hello {{name}},\n\nYour code is: {{code}}\n\nIt is valid for {{minutes}} minutes and can be used once. If you did not ask for it, ignore this mail and consider changing your password.\n\n{{system}}',
    resetSubject: '{{system}} password recovery',
    resetBody:
      'Hello {{name}},\n\nWe received a request to reset the password of the account {{username}}. Open this link within {{minutes}} minutes to set a new password (it works once):\n\n{{link}}\n\nIf you did not ask for it, ignore this mail; your password stays unchanged.\n\n{{system}}',
    resetLinkText: 'Set a new password',
  },
} satisfies Messages<typeof zh>;
