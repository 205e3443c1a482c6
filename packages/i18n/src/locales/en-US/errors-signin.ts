import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-signin.js';

/** Server messages of the sign-in area: `errors:signin.<reason>`. */
export default {
  slider_required: 'Please complete the security check: drag the slider to fit the piece',
  slider_failed: 'The security check failed, please drag the slider again',
  pow_required: 'The browser security check did not run: please reload the page and sign in again',
  pow_failed: 'The browser security check failed, please sign in again',
  pow_expired: 'The security check has expired, please sign in again',
  password_change_required: 'Please change your password before continuing (first sign-in)',
  password_unchanged: 'The new password must differ from the original password',
} satisfies Messages<typeof zh>;
