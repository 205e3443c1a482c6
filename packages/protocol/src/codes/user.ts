/**
 * Response codes of the user area (`user.reason`); messages under `errors:user.<reason>` in @mp/i18n
 * (locales/<locale>/errors-user.ts).
 */
export const UserCodes = {
} as const;
