/**
 * Response codes of the product area (`product.reason`); messages under `errors:product.<reason>` in @mp/i18n
 * (locales/<locale>/errors-product.ts).
 */
export const ProductCodes = {
} as const;
