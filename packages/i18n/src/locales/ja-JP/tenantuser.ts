import type { Messages } from '../../types.js';
import type zh from '../zh-CN/tenantuser.js';

/** テナントのユーザー管理（SPEC §2 Tenant → employeeManagement、issue 5、docs/tenant-users.md）。その他の文言はプラットフォームと共通（user）。 */
export default {
  orgTree: '組織',
  allOrgs: 'すべての組織',
  includeSub: '下位組織を含む',
  scopeAll: '表示範囲：すべての組織',
  scopeOrg: '表示範囲：{{name}}',
  station: '職位',
  stationPlaceholder: 'すべての職位',
  readOnly: '読み取り専用：ロールにこのメニューの書き込み権限がありません',
} satisfies Messages<typeof zh>;
