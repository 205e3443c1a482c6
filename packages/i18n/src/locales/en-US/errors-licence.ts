import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-licence.js';

/** Server messages of the licence area: `errors:licence.<reason>`. */
export default {
  code_required: 'Please enter the activation code',
  malformed: 'This is not a valid activation code; check that it was copied whole',
  signature_invalid: 'Invalid activation code: it was not issued for this system, or it has been altered',
  code_expired: 'This activation code expired on {{date}}',
  not_yet_valid: 'This activation code is valid only from {{date}}',
  already_active: 'This activation code is already active',
  expired: 'The licence expired on {{date}}; tenants and users cannot be added until a new activation code is activated',
  trial_ended: 'The trial ended on {{date}}; activate the system to add tenants or users',
  tenant_limit: 'The licence allows at most {{limit}} tenants and {{count}} exist',
  user_limit: 'The licence allows at most {{limit}} users; {{count}} exist, so {{adding}} more cannot be added',
  audit_range_required: 'Please choose the date range of the log query',
  audit_range_order: 'The start time cannot be later than the end time',
  audit_range_too_long: 'The date range of a log query cannot exceed {{days}} days',
  audit_range_invalid: 'The date is not valid',
} satisfies Messages<typeof zh>;
