/**
 * Response codes of the licence area (`licence.reason`); messages under `errors:licence.<reason>` in @mp/i18n
 * (locales/<locale>/errors-licence.ts).
 */
export const LicenceCodes = {
} as const;
