/** @mp/policy-client — the MP3.0 policy service client for applications (docs/applications.md). */
export { PolicyClient, PolicyError, type PolicyClientOptions, type SyncOutcome } from './client.js';
export { PermissionCache, cacheKey, concerns } from './cache.js';
export { decide, findMenu } from './decide.js';
export * from './types.js';
