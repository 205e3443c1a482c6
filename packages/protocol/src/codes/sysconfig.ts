/**
 * Response codes of the sysconfig area (`sysconfig.reason`); messages under `errors:sysconfig.<reason>` in @mp/i18n
 * (locales/<locale>/errors-sysconfig.ts).
 */
export const SysconfigCodes = {
} as const;
