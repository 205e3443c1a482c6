/**
 * Response codes of the licence area (`licence.reason`); messages under `errors:licence.<reason>` in @mp/i18n
 * (locales/<locale>/errors-licence.ts). SPEC §1 system activation, §4 "Activation code expires", §5
 * "Activation code required"; the audit-log query rules of SPEC §5 Generic ("log query date range
 * required", logs 30 days) live here too, with the audit log read API this area serves.
 */
export const LicenceCodes = {
  /** No activation code was entered (SPEC §5 "Activation code required"). */
  LICENCE_CODE_REQUIRED: 'licence.code_required',
  /** The text is not an activation code at all (truncated, wrong format, bad encoding). */
  LICENCE_MALFORMED: 'licence.malformed',
  /** The signature does not verify: forged, tampered with, or issued with another key. */
  LICENCE_SIGNATURE_INVALID: 'licence.signature_invalid',
  /** The code's own expiry has passed (`{{date}}`). */
  LICENCE_CODE_EXPIRED: 'licence.code_expired',
  /** The code is dated in the future (`{{date}}`). */
  LICENCE_NOT_YET_VALID: 'licence.not_yet_valid',
  /** This very code is the licence already in force. */
  LICENCE_ALREADY_ACTIVE: 'licence.already_active',
  /** The licence in force has expired (`{{date}}`): tenants and users cannot be added. */
  LICENCE_EXPIRED: 'licence.expired',
  /** The trial of an unactivated system has ended (`{{date}}`): tenants and users cannot be added. */
  LICENCE_TRIAL_ENDED: 'licence.trial_ended',
  /** Adding would exceed the licence's tenant limit (`{{limit}}`, `{{count}}` in use). */
  LICENCE_TENANT_LIMIT: 'licence.tenant_limit',
  /** Adding would exceed the licence's user limit (`{{limit}}`, `{{count}}` in use, `{{adding}}`). */
  LICENCE_USER_LIMIT: 'licence.user_limit',
  /** An audit-log query without its date range (SPEC §5 "log query date range required"). */
  AUDIT_RANGE_REQUIRED: 'licence.audit_range_required',
  /** An audit-log date range whose start is after its end (SPEC §5 "start not after end"). */
  AUDIT_RANGE_ORDER: 'licence.audit_range_order',
  /** An audit-log date range longer than `{{days}}` days (SPEC §5 "logs 30 days"). */
  AUDIT_RANGE_TOO_LONG: 'licence.audit_range_too_long',
  /** A start or end time that is not a date. */
  AUDIT_RANGE_INVALID: 'licence.audit_range_invalid',
} as const;
