import type { Messages } from '../../types.js';
import type zh from '../zh-CN/otc.js';

/** Console texts of dynamic-code sign-in, MFA and password recovery (SPEC §1 Login, §2, §5, §8 Login). */
export default {
  tabs: { password: 'Password', code: 'Dynamic code' },
  loginType: { email: 'E-mail', mobile: 'Mobile' },
  email: 'E-mail address',
  mobile: 'Mobile number',
  emailInvalid: 'Please enter a correct e-mail address',
  mobileInvalid: 'enter correct mobile number',
  dynamicCode: 'Dynamic code',
  dynamicCodeEmpty: 'dynamic code empty',
  send: 'Get code',
  resend: 'Again in {{seconds}} s',
  sent: 'If the address is registered, a code has been sent; it is valid for {{minutes}} minutes',
  submit: 'Sign in',
  forgot: 'Forgot password?',
  forgotTitle: 'Recover password',
  forgotIntro: 'Enter your user name; we will send a password-reset link to the e-mail registered for the account.',
  forgotUsername: 'User name',
  forgotUsernameRequired: 'Please enter the user name',
  forgotSubmit: 'Send reset mail',
  forgotSent: 'If the account exists and has an e-mail, a password-reset mail has been sent. Please check your mail and reset within 30 minutes.',
  mfaTitle: 'Confirm sign-in',
  mfaIntro: 'To protect your account, enter the code sent to your e-mail or mobile to finish signing in.',
  mfaChannel: 'Send to',
  mfaSent: 'A code has been sent to {{to}}; it is valid for {{minutes}} minutes',
  mfaConfirm: 'Confirm',
  mfaBack: 'Back to sign-in',
  countdown: 'Back to the login page in {{seconds}} s',
} satisfies Messages<typeof zh>;
