/**
 * The public key this build verifies activation codes with (Ed25519, SPKI PEM). The matching private key
 * is kept by the issuer, never in the repository; `MP_LICENCE_PUBLIC_KEY` replaces this key for tests and
 * for operators who issue their own codes (docs/operations.md "Licences").
 */
export const SHIPPED_LICENCE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAjoNVfOhKzDDDZe2GuRzNpUDvEGUiCH/pte3IfbyD3cc=
-----END PUBLIC KEY-----
`;
