/**
 * Response codes of the role area (`role.reason`); messages under `errors:role.<reason>` in @mp/i18n
 * (locales/<locale>/errors-role.ts).
 */
export const RoleCodes = {
} as const;
