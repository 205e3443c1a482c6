import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-wechat.js';

/** Server messages of WeChat QR sign-in: `errors:wechat.<reason>` (SPEC §3 WeChat type, §7, §8; docs/wechat-signin.md). */
export default {
  not_configured: 'WeChat sign-in is not enabled',
  ticket_invalid: 'The QR code is no longer valid, please refresh it',
  not_scanned: 'Please scan the QR code with WeChat first',
  too_many_tries: 'Too many wrong passwords, please refresh the QR code and try again',
  provider_error: 'WeChat refused the sign-in ({{errcode}}: {{errmsg}})',
  provider_unreachable: 'WeChat could not be reached, please try again later',
  bound_to_other: 'This WeChat account is already bound to another user',
  account_disabled: 'This WeChat account is disabled',
  ambiguous: "This WeChat account is bound to users of several tenants; please sign in at your tenant's address",
  page_title: 'WeChat sign-in',
  page_done: 'Scanned. Please continue on your computer',
} satisfies Messages<typeof zh>;
