import type { Messages } from '../../types.js';
import type zh from '../zh-CN/errors-workflow.js';

/** Server messages of the approval workflow: `errors:workflow.<reason>` (docs/workflow.md). */
export default {
  workflow: {
    not_found: 'The request does not exist or you may not see it',
    reason_required: 'Please enter the reason for the request',
    app_unavailable: 'This application cannot be requested: your tenant does not use it or it is disabled',
    already_user: 'You can already use this application',
    role_unavailable: 'This role cannot be requested: it does not exist, is disabled, or you are not a user of its application',
    already_member: 'You already hold this role',
    duplicate: 'You already have the same request awaiting approval',
    already_decided: 'This request has already been handled by someone else or has moved on; please refresh and try again',
    not_approver: "You are not an approver of this request's current step",
    not_withdrawable: 'Only the requester can withdraw a request, and only while it awaits approval',
    inaccessible: 'Process error or inaccessible process',
    not_resolvable: 'Only a pending request whose current step has no approver can be re-routed or closed; the last step cannot be re-routed',
    steps_invalid: 'Invalid process: the application administrators must be the last step, and only the last',
  },
} satisfies Messages<typeof zh>;
