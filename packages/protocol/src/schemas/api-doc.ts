/**
 * Addresses of the API description (issue 17 "The API as a product"; docs/protocol.md "OpenAPI"): the
 * OpenAPI document (also at `Paths.openapi`, `/gateway/openapi.json`) and the browsable reference page
 * for administrators. Both are public and unsigned.
 */
export const ApiDocPaths = {
  openapi: '/openapi.json',
  reference: '/reference',
} as const;
