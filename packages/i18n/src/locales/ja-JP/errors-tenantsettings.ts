import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-tenantsettings.js';

/** テナントのシステム設定のサーバーメッセージ：`errors:tenantsettings.<reason>`（SPEC §2 Tenant sysconfig）。 */
export default {
  number_range: '{{field}}は {{min}} から {{max}} までの整数で入力してください',
} satisfies Messages<typeof zh>;
