/**
 * Approval workflow (issue 16 "Workflow: approvals"; SPEC §1 workflow: my task, my message, process
 * initiated, my handled, handle pending; §7 pending task count silent on error; §8 'process error or
 * inaccessible process'; docs/workflow.md).
 *
 * A user requests an application (kind `app`) or an application role (kind `approle`) with a reason. The
 * application's process names the steps: `manager` (a holder of the tenant role numbered `roleCode` whose
 * data scope covers the requester's organisation) and, always last, `appAdmin` (the application's
 * administrators). Each step approves or rejects with a comment; the last approval applies the grant.
 * User-area calls (`WorkflowPaths`, any signed-in user) answer about the caller; the application area's
 * calls (`WorkflowAppPaths`, `{ app: 'admin' }`) about the APPID header's application.
 */
import Type, { type Static } from 'typebox';
import { MAX_LEN } from '../rules.js';
import { PagingSchema, pageQuery } from './common.js';

/** User-area calls (POST, signed, any signed-in user). */
export const WorkflowPaths = {
  /** Applications the caller may request: their tenant uses them and the caller is not yet their user. */
  listwfapp: '/gateway/tenant/user/workflow/listwfapp',
  /** Application roles the caller may request: enabled roles of applications the caller uses, not held. */
  listwfrole: '/gateway/tenant/user/workflow/listwfrole',
  addwfrequest: '/gateway/tenant/user/workflow/addwfrequest',
  /** Withdraws the caller's own pending request. */
  endwfrequest: '/gateway/tenant/user/workflow/endwfrequest',
  /** "my task" / "handle pending": requests waiting for the caller's decision. */
  listwftask: '/gateway/tenant/user/workflow/listwftask',
  /** The pending task count of the header badge (silent on error, SPEC §7). */
  getwftaskcount: '/gateway/tenant/user/workflow/getwftaskcount',
  /** "my handled": requests the caller approved or rejected. */
  listwfhandled: '/gateway/tenant/user/workflow/listwfhandled',
  /** "process initiated": the caller's requests. */
  listwfinitiated: '/gateway/tenant/user/workflow/listwfinitiated',
  /** One request with its step history (requester, approvers, those who acted, the application's administrators). */
  getwfrequest: '/gateway/tenant/user/workflow/getwfrequest',
  /** Approve or reject the current step. */
  savewfdecision: '/gateway/tenant/user/workflow/savewfdecision',
} as const;

/** Application-area calls (POST, `{ app: 'admin' }`). */
export const WorkflowAppPaths = {
  getwfprocess: '/gateway/tenant/plat/workflow/getwfprocess',
  savewfprocess: '/gateway/tenant/plat/workflow/savewfprocess',
  /** The application's requests (all requesters, all tenants using it). */
  listwfrequest: '/gateway/tenant/plat/workflow/listwfrequest',
  /** Re-route (skip the unreachable step) or close a request whose step has no approver left. */
  savewfresolution: '/gateway/tenant/plat/workflow/savewfresolution',
} as const;

/** Limits: reason and comment ≤ 200 (SPEC §5 "huge"), at most 4 steps. */
export const WORKFLOW_RULES = { reason: { max: MAX_LEN.huge }, comment: { max: MAX_LEN.huge }, steps: { max: 4 } } as const;

/** The task badge's polling interval (SPEC §9 to-do polling, built console only). */
export const WF_TASK_POLL_MS = 20_000;

export const WfKindSchema = Type.Union([Type.Literal('app'), Type.Literal('approle')]);
export type WfKind = Static<typeof WfKindSchema>;
export const WfStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
  Type.Literal('withdrawn'),
  Type.Literal('closed'),
]);
export type WfStatus = Static<typeof WfStatusSchema>;
export const WF_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn', 'closed'] as const;
export type WfAction = 'submit' | 'approve' | 'reject' | 'withdraw' | 'reroute' | 'close';

/** A process step: `manager` with the approver role's number, or `appAdmin`. */
export const WfStepSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('manager'), roleCode: Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' }) },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('appAdmin') }, { additionalProperties: false }),
]);
export type WfStep = Static<typeof WfStepSchema>;

/** The process used when an application has none: its administrators decide alone. */
export const DEFAULT_WF_STEPS: WfStep[] = [{ kind: 'appAdmin' }];

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Keyword = Type.Optional(Type.String({ maxLength: MAX_LEN.middle }));

/** `listwfapp` / `listwfrole`: paged, search by name or code (contains). */
export const WfCandidateListBody = Type.Object({ ...PagingSchema, keyword: Keyword });
export type WfCandidateListBody = Static<typeof WfCandidateListBody>;

/** `addwfrequest`: what (an application id, or an application role id) and why. */
export const WfRequestAddBody = Type.Object({
  kind: WfKindSchema,
  targetId: Id,
  reason: Type.String({ maxLength: WORKFLOW_RULES.reason.max }),
});
export type WfRequestAddBody = Static<typeof WfRequestAddBody>;

/** `endwfrequest` (withdraw) / `getwfrequest`. */
export const WfRequestIdBody = Type.Object({ id: Id, comment: Type.Optional(Type.String({ maxLength: WORKFLOW_RULES.comment.max })) });
export type WfRequestIdBody = Static<typeof WfRequestIdBody>;

/** A move on the step `step` the caller saw (0-based): `field` names it among `moves`, with an optional comment. */
const stepMove = <K extends string, M extends readonly [string, string]>(field: K, moves: M) =>
  Type.Object({
    id: Id,
    step: Type.Integer({ minimum: 0, maximum: 10 }),
    ...({ [field]: Type.Union([Type.Literal(moves[0]), Type.Literal(moves[1])]) } as Record<
      K,
      ReturnType<typeof Type.Union<[ReturnType<typeof Type.Literal<M[0]>>, ReturnType<typeof Type.Literal<M[1]>>]>>
    >),
    comment: Type.Optional(Type.String({ maxLength: WORKFLOW_RULES.comment.max })),
  });

/**
 * `savewfdecision`: approve or reject the step the approver saw; when it has moved on, the decision is
 * refused (`workflow.already_decided`), so two approvers acting at once never both count.
 */
export const WfDecisionBody = stepMove('decision', ['approve', 'reject'] as const);
export type WfDecisionBody = Static<typeof WfDecisionBody>;

/** `savewfresolution`: the application administrator re-routes (skips the unreachable step) or closes. */
export const WfResolutionBody = stepMove('resolution', ['reroute', 'close'] as const);
export type WfResolutionBody = Static<typeof WfResolutionBody>;

export const WF_LIST_SORT_FIELDS = ['createdAt', 'updatedAt', 'status'] as const;

/** The lists: paged, newest first by default; search by requester, target or reason (contains); status filter. */
export const WfListBody = Type.Object({
  ...pageQuery(WF_LIST_SORT_FIELDS),
  keyword: Keyword,
  status: Type.Optional(WfStatusSchema),
  kind: Type.Optional(WfKindSchema),
});
export type WfListBody = Static<typeof WfListBody>;

/** `listwfrequest` (application area): as the lists, plus "only inaccessible ones". */
export const WfAppListBody = Type.Object({ ...WfListBody.properties, inaccessible: Type.Optional(Type.Boolean()) });
export type WfAppListBody = Static<typeof WfAppListBody>;

/** `savewfprocess`: 1–4 steps; only the last is `appAdmin`, and it must be there. */
export const WfProcessSaveBody = Type.Object({ steps: Type.Array(WfStepSchema, { minItems: 1, maxItems: WORKFLOW_RULES.steps.max }) });
export type WfProcessSaveBody = Static<typeof WfProcessSaveBody>;

/** A candidate of the request form. */
export interface WfCandidateRow {
  id: string;
  code: string;
  name: string;
  productId: string;
  productName: string;
}

/** A request as the lists show it. `inaccessible`: pending and its step has no approver left (SPEC §8). */
export interface WfRequestRow {
  id: string;
  kind: WfKind;
  targetId: string;
  targetName: string;
  productId: string;
  productName: string;
  tenantId: string;
  tenantName: string;
  requesterId: string;
  requesterName: string;
  reason: string;
  status: WfStatus;
  currentStep: number;
  steps: WfStep[];
  inaccessible: boolean;
  createdAt: string;
  updatedAt: string;
  finishedAt: string;
}

/** One entry of a request's history. */
export interface WfActionRow {
  step: number;
  action: WfAction;
  actorId: string;
  actorName: string;
  comment: string;
  createdAt: string;
}

/** `getwfrequest`: the request, its history, and whether the caller may decide / withdraw now. */
export interface WfRequestDetail {
  row: WfRequestRow;
  actions: WfActionRow[];
  canDecide: boolean;
  canWithdraw: boolean;
}

/** `getwfprocess`: the steps, and whether they are the default (no definition saved). */
export interface WfProcess {
  steps: WfStep[];
  isDefault: boolean;
  updatedAt: string;
}
