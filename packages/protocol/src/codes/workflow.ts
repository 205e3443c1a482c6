/**
 * Response codes of the approval workflow (`workflow.reason`); messages under `errors:workflow.<reason>` in
 * @mp/i18n (locales/<locale>/errors-workflow.ts). docs/workflow.md.
 */
export const WorkflowCodes = {
  /** The request does not exist or the caller may not see it (another tenant's, another application's). */
  NOT_FOUND: 'workflow.not_found',
  /** The reason is empty. */
  REASON_REQUIRED: 'workflow.reason_required',
  /** The application is not one the caller's tenant uses (or it is disabled). */
  APP_UNAVAILABLE: 'workflow.app_unavailable',
  /** The caller already uses the application. */
  ALREADY_USER: 'workflow.already_user',
  /** The role does not exist, is disabled, or belongs to an application the caller does not use. */
  ROLE_UNAVAILABLE: 'workflow.role_unavailable',
  /** The caller already holds the role. */
  ALREADY_MEMBER: 'workflow.already_member',
  /** An open request for the same thing exists. */
  DUPLICATE: 'workflow.duplicate',
  /** The request is no longer at the step the caller saw (someone else decided first) or is finished. */
  ALREADY_DECIDED: 'workflow.already_decided',
  /** The caller is not an approver of the current step. */
  NOT_APPROVER: 'workflow.not_approver',
  /** Only the requester withdraws, and only while pending. */
  NOT_WITHDRAWABLE: 'workflow.not_withdrawable',
  /** SPEC §8 'process error or inaccessible process': the step has no approver left. */
  INACCESSIBLE: 'workflow.inaccessible',
  /** Re-route / close only a pending request whose step has no approver; re-route not at the last step. */
  NOT_RESOLVABLE: 'workflow.not_resolvable',
  /** The process is malformed: the application's administrators must be the last step, and only the last. */
  STEPS_INVALID: 'workflow.steps_invalid',
} as const;
