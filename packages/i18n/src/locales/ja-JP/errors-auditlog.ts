import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-auditlog.js';

/** Server messages of the tenant audit log: `errors:auditlog.<reason>`. */
export default {
  export_too_many:
    '条件に一致するログが {{count}} 件あります。一度にエクスポートできるのは最大 {{max}} 件です。日付範囲を狭めるか、絞り込み条件を追加してください',
} satisfies Messages<typeof zh>;
