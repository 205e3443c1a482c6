/**
 * Response codes of the sign-in area (`signin.reason`); messages under `errors:signin.<reason>` in
 * @mp/i18n (locales/<locale>/errors-signin.ts). SPEC §1 slider security check, §2 first-login password
 * reset; docs/login.md.
 */
export const SigninCodes = {
  /** The login check is the slider and the sign-in carries no slider answer. */
  SLIDER_REQUIRED: 'signin.slider_required',
  /** The slider answer is wrong, too fast, malformed, already used or expired (one try per puzzle). */
  SLIDER_FAILED: 'signin.slider_failed',
  /**
   * The login check is the image or the slider and the sign-in carries no solved proof of work (the
   * `pow` challenge `validcode` answered; docs/login.md "Proof of work").
   */
  POW_REQUIRED: 'signin.pow_required',
  /** The proof of work is wrong, forged, or belongs to another captcha (each is bound to its captcha). */
  POW_FAILED: 'signin.pow_failed',
  /** The proof of work's challenge has expired (it lives as long as its captcha). */
  POW_EXPIRED: 'signin.pow_expired',
  /**
   * The session belongs to a user who must change their password first (login configuration
   * `forcePasswordChange`): every call except the password change and the session calls is refused.
   */
  PASSWORD_CHANGE_REQUIRED: 'signin.password_change_required',
  /** The new password equals the original one. */
  PASSWORD_UNCHANGED: 'signin.password_unchanged',
} as const;
