/** The whole database schema (Drizzle); migrations are generated from it into ../migrations. */
export * from './platform.js';
export * from './tenant.js';
export * from './catalog.js';
export * from './settings-catalog.js';
export * from './auth-flows.js';
export * from './tenant-admin.js';
export * from './app-design.js';
export * from './app-people.js';
export * from './policy-stats.js';
export * from './messages.js';
export * from './notices.js';
export * from './workflow.js';
export * from './service-accounts.js';
export * from './call-logs.js';
export * from './bigfiles.js';
export * from './wechat-signin.js';
