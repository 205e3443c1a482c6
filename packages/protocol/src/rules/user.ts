/**
 * User rules of SPEC §5 User as data, and one pure check of a user's fields that the server runs on
 * every write (form and Excel import) and the console mirrors in its form rules, so both refuse the
 * same values with the same codes (CONVENTIONS "Validation rules come from the protocol package").
 *
 * The password rule is not here: it is the code-table entry of type 1 (SPEC §5 Password strength),
 * read at run time (`checkPasswordStrength`).
 */
import { Codes } from '../codes.js';
import { UserCodes } from '../codes/user.js';
import { FILE_LIMITS, MAX_LEN, SCRIPT_TAG } from '../rules.js';

/** Limits and patterns of SPEC §5 User (lengths in characters). */
export const USER_RULES = {
  /** Required, at most 30, letters, digits, hyphen, underscore; unique in its tenant. */
  username: { max: 30, pattern: /^[A-Za-z0-9_-]+$/ },
  /** At most 30, letters, digits and Chinese characters. */
  employeeName: { max: 30, pattern: /^[A-Za-z0-9\u3400-\u4dbf\u4e00-\u9fff]+$/ },
  /** Letters, digits, underscore. */
  employeeCode: { max: MAX_LEN.middle, pattern: /^[A-Za-z0-9_]+$/ },
  /** Exactly 11 digits (SPEC §9 "mobile 11 digits"). */
  mobile: { max: 11, pattern: /^\d{11}$/ },
  email: { max: MAX_LEN.large, pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/ },
  /** Office and home numbers: optional country code, optional area code, 5–8 digits, optional extension. */
  phone: { max: MAX_LEN.small, pattern: /^(\+\d{1,4}[ -]?)?(\(?\d{2,5}\)?[ -]?)?\d{5,8}([ -]\d{1,6})?$/ },
  /** Resident identity card: 18 characters with the GB 11643 check digit, or the old 15 digits. */
  idCard: { max: 18, pattern: /^(\d{17}[\dXx]|\d{15})$/ },
  signature: { max: MAX_LEN.huge },
  description: { max: MAX_LEN.huge },
  /** Avatar: an image of at most 500K (SPEC §9). */
  avatarBytes: FILE_LIMITS.avatarBytes,
  /** YYYY-MM-DD. */
  date: { pattern: /^\d{4}-\d{2}-\d{2}$/ },
} as const;

/** Gender values (SPEC §3 User gender): male, female, or not given. */
export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number] | '';

/** Rows an Excel import may carry (a 10M file holds far fewer in practice). */
export const USER_IMPORT_MAX_ROWS = 10_000;

/**
 * Columns of the import template and of the export, in order (so an export re-imports unchanged).
 * Headings are the translated `user:column.<key>` texts; the import recognises them in any language.
 */
export const USER_EXCEL_COLUMNS = [
  'tenantCode',
  'username',
  'employeeName',
  'employeeCode',
  'gender',
  'orgCode',
  'defaultOrgCode',
  'effectiveDate',
  'expiryDate',
  'status',
  'locked',
  'email',
  'mobile',
  'officePhone',
  'homePhone',
  'idCard',
  'signature',
  'description',
  'password',
] as const;
export type UserExcelColumn = (typeof USER_EXCEL_COLUMNS)[number];

/** True for a calendar date written YYYY-MM-DD. */
export function isIsoDate(v: string): boolean {
  if (!USER_RULES.date.pattern.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** True for an identity card number: 18 characters with a correct check digit, or 15 digits. */
export function isIdCard(v: string): boolean {
  if (!USER_RULES.idCard.pattern.test(v)) return false;
  if (v.length === 15) return true;
  const sum = ID_WEIGHTS.reduce((s, w, i) => s + w * Number(v[i]), 0);
  return ID_CHECK[sum % 11] === v[17]!.toUpperCase();
}

/** The fields of a user that the rules check (text already trimmed or not: the check trims). */
export interface UserFieldValues {
  username: string;
  employeeName?: string;
  employeeCode?: string;
  gender?: string;
  /** Affiliated organisation id: required (its existence in the tenant is the server's check). */
  orgId?: string;
  effectiveDate?: string;
  expiryDate?: string;
  email?: string;
  mobile?: string;
  officePhone?: string;
  homePhone?: string;
  idCard?: string;
  signature?: string;
  description?: string;
}

/** One failed rule: the field, the response code, and its message parameters. */
export interface UserFieldProblem {
  field: keyof UserFieldValues;
  code: string;
  params?: Record<string, unknown>;
}

/**
 * Checks every field of SPEC §5 User that needs no database (uniqueness, organisation, password and
 * avatar are checked by the server) and returns every problem, in form order; [] when all hold.
 */
export function checkUserFields(v: UserFieldValues): UserFieldProblem[] {
  const out: UserFieldProblem[] = [];
  const text = (
    field: keyof UserFieldValues,
    rule: { max: number; pattern?: RegExp },
    opts: { required?: boolean; code?: string; test?: (s: string) => boolean } = {},
  ) => {
    const s = String(v[field] ?? '').trim();
    if (!s) {
      if (opts.required) out.push({ field, code: Codes.REQUIRED });
      return;
    }
    if ([...s].length > rule.max) out.push({ field, code: Codes.TOO_LONG, params: { max: rule.max } });
    else if (SCRIPT_TAG.test(s)) out.push({ field, code: Codes.SCRIPT_TAG });
    else if ((opts.test && !opts.test(s)) || (!opts.test && rule.pattern && !rule.pattern.test(s))) out.push({ field, code: opts.code ?? Codes.PATTERN });
  };
  text('username', USER_RULES.username, { required: true, code: UserCodes.USERNAME_PATTERN });
  text('employeeName', USER_RULES.employeeName, { code: UserCodes.EMPLOYEE_NAME_PATTERN });
  text('employeeCode', USER_RULES.employeeCode, { code: UserCodes.EMPLOYEE_CODE_PATTERN });
  const gender = String(v.gender ?? '').trim();
  if (gender && !(GENDERS as readonly string[]).includes(gender)) out.push({ field: 'gender', code: Codes.PATTERN });
  if (!String(v.orgId ?? '').trim()) out.push({ field: 'orgId', code: Codes.REQUIRED });
  const eff = String(v.effectiveDate ?? '').trim();
  const exp = String(v.expiryDate ?? '').trim();
  for (const [field, d] of [
    ['effectiveDate', eff],
    ['expiryDate', exp],
  ] as const) {
    if (!d) out.push({ field, code: Codes.REQUIRED });
    else if (!isIsoDate(d)) out.push({ field, code: UserCodes.DATE_INVALID });
  }
  if (isIsoDate(eff) && isIsoDate(exp) && eff > exp) out.push({ field: 'expiryDate', code: UserCodes.DATE_ORDER });
  text('email', USER_RULES.email, { code: UserCodes.EMAIL_PATTERN });
  text('mobile', USER_RULES.mobile, { code: UserCodes.MOBILE_PATTERN });
  text('officePhone', USER_RULES.phone, { code: UserCodes.PHONE_PATTERN });
  text('homePhone', USER_RULES.phone, { code: UserCodes.PHONE_PATTERN });
  text('idCard', USER_RULES.idCard, { code: UserCodes.ID_CARD_PATTERN, test: isIdCard });
  text('signature', USER_RULES.signature);
  text('description', USER_RULES.description);
  return out;
}
