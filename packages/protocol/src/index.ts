/** @mp/protocol — what console and server share: envelope, codes, enums, rules, crypto, signing, schemas. */
export * from './codes.js';
export * from './codes/product.js';
export * from './codes/user.js';
export * from './codes/role.js';
export * from './codes/sysconfig.js';
export * from './codes/licence.js';
export * from './envelope.js';
export * from './enums.js';
export * from './rules.js';
export * from './crypto.js';
export * from './signature.js';
export * from './paths.js';
export * from './schemas/common.js';
export * from './schemas/login.js';
export * from './schemas/tenant.js';
