import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-appgrant.js';

/** Server messages of tenant roles' application grants: `errors:appgrant.<reason>` (docs/applications.md "Grants reach the tenants"). */
export default {
  app_not_used: 'The tenant does not use the application "{{id}}"',
  item_unknown: 'The grant item "{{id}}" is not a node of this application\'s permission tree',
} satisfies Messages<typeof zh>;
