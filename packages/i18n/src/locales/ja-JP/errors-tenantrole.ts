import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-tenantrole.js';

/** テナント領域のロール管理のサーバーメッセージ：`errors:tenantrole.<reason>`（docs/tenant-roles.md）。 */
export default {
  grant_api_unknown: 'API「{{id}}」はこのテナントの API カタログにありません',
} satisfies Messages<typeof zh>;
