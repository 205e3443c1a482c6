/**
 * The approval workflow (issue 16 "Workflow: approvals"; SPEC §1 workflow lists, §8 'process error or
 * inaccessible process'; docs/workflow.md). Requests for an application or an application role go through
 * the application's process (workflow.machine.ts decides the moves); the last approval applies the grant in
 * the same transaction; every move is audited (`workflow.*`, in the requester's tenant) and the people
 * concerned are told by in-site message (modules/messages/inbox.ts `sendInSite`).
 * Every function runs in the caller's platform-scope transaction `tx`; the caller is `request.auth`.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { localeOf, translate, type Locale } from '@mp/i18n';
import {
  DEFAULT_WF_STEPS,
  pageInfo,
  UserType,
  WorkflowCodes,
  type Paged,
  type WfActionRow,
  type WfCandidateListBody,
  type WfCandidateRow,
  type WfDecisionBody,
  type WfListBody,
  type WfProcess,
  type WfRequestAddBody,
  type WfRequestDetail,
  type WfRequestRow,
  type WfResolutionBody,
  type WfStep,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { sendInSite } from '../messages/inbox.js';
import { addRoleUsers } from '../approles/approles.service.js';
import { assertValidSteps, transition, type WfMove } from './workflow.machine.js';
import * as repo from './workflow.repository.js';

/** The history entry of a submission. */
const SUBMIT = 'submit' as const;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : '');

/** The API shape of a stored request. */
export function toRequestRow(r: repo.WfRequestRecord): WfRequestRow {
  return {
    id: r.id,
    kind: r.kind,
    targetId: r.target_id,
    targetName: r.target_name,
    productId: r.product_id,
    productName: r.product_name,
    tenantId: r.tenant_id,
    tenantName: r.tenant_name,
    requesterId: r.requester_id,
    requesterName: r.requester_name,
    reason: r.reason,
    status: r.status,
    currentStep: Number(r.current_step),
    steps: r.steps,
    inaccessible: !!r.inaccessible,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    finishedAt: iso(r.finished_at),
  };
}

const me = (request: FastifyRequest) => request.auth!;

const audit = (tx: Tx, request: FastifyRequest, r: { id: string; tenant_id: string }, action: string, after: unknown) =>
  insertAuditEntry(tx, request, { tenantId: r.tenant_id, action: `workflow.${action}`, entity: 'wfrequest', entityId: r.id, after });

/**
 * Tells users `to` (of any tenants) about request `r` by in-site message (plain text), each in their own
 * language (`user_languages`, else the caller's).
 */
async function tell(tx: Tx, request: FastifyRequest, r: repo.WfRequestRecord, to: { id: string; tenant_id: string }[], key: string, comment = '') {
  if (!to.length) return;
  const languages = await repo.languagesOf(
    tx,
    to.map((u) => u.id),
  );
  const groups = new Map<string, { tenantId: string; locale: Locale; userIds: string[] }>();
  for (const u of to) {
    const lang = languages.get(u.id);
    const locale = lang ? localeOf(lang) : request.locale;
    const g = groups.get(`${u.tenant_id} ${locale}`) ?? { tenantId: u.tenant_id, locale, userIds: [] };
    g.userIds.push(u.id);
    groups.set(`${u.tenant_id} ${locale}`, g);
  }
  const params = { target: r.target_name, requester: r.requester_name, product: r.product_name, comment, reason: r.reason };
  for (const g of groups.values()) {
    const subject = translate(g.locale, `workflow:notify.${key}.subject`, params);
    const body = translate(g.locale, `workflow:notify.${key}.body`, params);
    await sendInSite(tx, { productId: r.product_id, tenantId: g.tenantId, userIds: g.userIds, subject, body, source: { kind: 'workflow', id: r.id } });
  }
}

/** `listwfapp` / `listwfrole`: what the caller may request. */
export async function listCandidates(tx: Tx, request: FastifyRequest, kind: 'app' | 'approle', q: WfCandidateListBody): Promise<Paged<WfCandidateRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const user = me(request).userId;
  if (kind === 'app') {
    const rows = await repo.listRequestableApps(tx, user, q.keyword, page, pageSize);
    return {
      rows: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, productId: r.id, productName: r.name })),
      ...pageInfo(page, pageSize, Number(rows[0]?.total ?? 0)),
    };
  }
  const rows = await repo.listRequestableRoles(tx, user, q.keyword, page, pageSize);
  return {
    rows: rows.map((r) => ({ id: r.id, code: r.code, name: r.name, productId: r.product_id, productName: r.product_name })),
    ...pageInfo(page, pageSize, Number(rows[0]?.total ?? 0)),
  };
}

/** The steps of `productId`'s process, or the default. */
async function stepsOf(tx: Tx, productId: string): Promise<WfStep[]> {
  return (await repo.findProcess(tx, productId))?.steps ?? DEFAULT_WF_STEPS;
}

/**
 * `addwfrequest`: the caller asks for an application their tenant uses and they do not (kind 'app'), or an
 * enabled role of an application they use (kind 'approle'), with a reason. The approvers of the first step
 * are told. @throws workflow.reason_required, app_unavailable, already_user, role_unavailable, already_member, duplicate.
 */
export async function submitRequest(tx: Tx, request: FastifyRequest, b: WfRequestAddBody): Promise<WfRequestRow> {
  const auth = me(request);
  const reason = b.reason.trim();
  if (!reason) throw new AppError(WorkflowCodes.REASON_REQUIRED);
  let productId: string;
  let targetName: string;
  if (b.kind === 'app') {
    const app = await repo.findRequestableApp(tx, auth.userId, b.targetId);
    if (!app) throw new AppError(WorkflowCodes.APP_UNAVAILABLE);
    if (app.is_user) throw new AppError(WorkflowCodes.ALREADY_USER);
    productId = app.id;
    targetName = app.name;
  } else {
    const role = await repo.findRequestableRole(tx, auth.userId, b.targetId);
    if (!role) throw new AppError(WorkflowCodes.ROLE_UNAVAILABLE);
    if (role.is_member) throw new AppError(WorkflowCodes.ALREADY_MEMBER);
    productId = role.product_id;
    targetName = `${role.product_name} / ${role.name}`;
  }
  const steps = await stepsOf(tx, productId);
  const id = await withUniqueErrors({ wf_requests_open_uq: new AppError(WorkflowCodes.DUPLICATE) }, () =>
    repo.insertRequest(tx, { tenantId: auth.tenantId, productId, requesterId: auth.userId, kind: b.kind, targetId: b.targetId, targetName, reason, steps }),
  );
  await repo.insertAction(tx, {
    requestId: id,
    tenantId: auth.tenantId,
    step: 0,
    action: SUBMIT,
    actorId: auth.userId,
    actorName: auth.username,
    comment: reason,
  });
  const r = (await repo.findRequest(tx, id))!;
  await audit(tx, request, r, 'submit', { kind: b.kind, targetId: b.targetId, targetName, productId, reason, steps });
  await tell(tx, request, r, await repo.listApprovers(tx, id), 'task');
  return toRequestRow(r);
}

/** The request `id` locked, if the caller may see it (platform administrators see all). @throws workflow.not_found. */
async function lockVisible(tx: Tx, request: FastifyRequest, id: string): Promise<repo.WfRequestRecord> {
  const auth = me(request);
  const platform = auth.userTypes.includes(UserType.PLATFORM_ADMIN);
  const r = await repo.findRequest(tx, id, { lock: true, visible: platform ? undefined : repo.canSee(auth.userId) });
  if (!r) throw new AppError(WorkflowCodes.NOT_FOUND);
  return r;
}

/**
 * Applies what request `r` asks for (final approval, in the approving transaction): the application by
 * `app_user_grants`, or the role's membership through the application-role service (its rules: the role is
 * the application's and the requester one of its users). @throws workflow.app_unavailable, workflow.role_unavailable.
 */
async function applyGrant(tx: Tx, request: FastifyRequest, r: repo.WfRequestRecord): Promise<void> {
  if (r.kind === 'app') {
    const app = await repo.findRequestableApp(tx, r.requester_id, r.product_id);
    if (!app) throw new AppError(WorkflowCodes.APP_UNAVAILABLE);
    await repo.insertAppUserGrant(tx, {
      productId: r.product_id,
      tenantId: r.tenant_id,
      userId: r.requester_id,
      requestId: r.id,
      creator: me(request).username,
    });
    return;
  }
  const role = await repo.findRequestableRole(tx, r.requester_id, r.target_id);
  if (!role || role.product_id !== r.product_id) throw new AppError(WorkflowCodes.ROLE_UNAVAILABLE);
  if (role.is_member) return;
  const app: AppContext = { id: r.product_id, code: '', name: r.product_name, status: 1, platform: false };
  await addRoleUsers(tx, request, app, role.id, [r.requester_id]);
}

/** Records move `move` of request `r` from its current step; answers the request after it. */
async function move(tx: Tx, request: FastifyRequest, r: repo.WfRequestRecord, m: WfMove, comment: string, inaccessible = false): Promise<repo.WfRequestRecord> {
  const t = transition({ status: r.status, currentStep: Number(r.current_step), steps: r.steps }, m, inaccessible);
  if (!(await repo.moveRequest(tx, r.id, Number(r.current_step), t))) throw new AppError(WorkflowCodes.ALREADY_DECIDED);
  const auth = me(request);
  await repo.insertAction(tx, {
    requestId: r.id,
    tenantId: r.tenant_id,
    step: Number(r.current_step),
    action: m,
    actorId: auth.userId,
    actorName: auth.username,
    comment,
  });
  if (t.applyGrant) await applyGrant(tx, request, r);
  await audit(tx, request, r, m, { step: Number(r.current_step), status: t.status, nextStep: t.currentStep, comment });
  const after = (await repo.findRequest(tx, r.id))!;
  if (m === 'withdraw') {
    await tell(tx, request, after, await repo.listApprovers(tx, r.id), 'withdrawn');
  } else if (t.finished) {
    await tell(tx, request, after, [{ id: r.requester_id, tenant_id: r.tenant_id }], t.status, comment);
  } else {
    await tell(tx, request, after, await repo.listApprovers(tx, r.id), 'task');
  }
  return after;
}

/**
 * `savewfdecision`: an approver of the current step approves (next step, or the grant on the last) or
 * rejects, with a comment. The request is locked; `b.step` must still be the current step.
 * @throws workflow.not_found, already_decided, not_approver (inaccessible when nobody may decide), and applyGrant's.
 */
export async function decide(tx: Tx, request: FastifyRequest, b: WfDecisionBody): Promise<WfRequestRow> {
  const r = await lockVisible(tx, request, b.id);
  if (r.status !== 'pending' || Number(r.current_step) !== b.step) throw new AppError(WorkflowCodes.ALREADY_DECIDED);
  if (!(await repo.isApprover(tx, r.id, await approverOf(tx, request))))
    throw new AppError(r.inaccessible ? WorkflowCodes.INACCESSIBLE : WorkflowCodes.NOT_APPROVER);
  return toRequestRow(await move(tx, request, r, b.decision, b.comment?.trim() ?? ''));
}

/** `endwfrequest`: the requester withdraws their pending request. @throws workflow.not_found, not_withdrawable. */
export async function withdraw(tx: Tx, request: FastifyRequest, id: string, comment: string): Promise<WfRequestRow> {
  const r = await lockVisible(tx, request, id);
  if (r.requester_id !== me(request).userId) throw new AppError(WorkflowCodes.NOT_WITHDRAWABLE);
  return toRequestRow(await move(tx, request, r, 'withdraw', comment.trim()));
}

/**
 * `savewfresolution` (application area): a request of the application whose current step has no approver
 * left is re-routed (that step skipped) or closed. @throws workflow.not_found (another application's),
 * already_decided, not_resolvable.
 */
export async function resolve(tx: Tx, request: FastifyRequest, app: AppContext, b: WfResolutionBody): Promise<WfRequestRow> {
  const r = await repo.findRequest(tx, b.id, { lock: true, visible: sql`r.product_id = ${app.id}` });
  if (!r) throw new AppError(WorkflowCodes.NOT_FOUND);
  if (r.status !== 'pending' || Number(r.current_step) !== b.step) throw new AppError(WorkflowCodes.ALREADY_DECIDED);
  return toRequestRow(await move(tx, request, r, b.resolution, b.comment?.trim() ?? '', r.inaccessible));
}

/** `getwfrequest`: the request, its history, and what the caller may do. @throws workflow.not_found. */
export async function getDetail(tx: Tx, request: FastifyRequest, id: string): Promise<WfRequestDetail> {
  const r = await lockVisible(tx, request, id);
  const user = me(request).userId;
  const actions: WfActionRow[] = (await repo.listActions(tx, id)).map((a) => ({
    step: Number(a.step),
    action: a.action,
    actorId: a.actor_id,
    actorName: a.actor_name,
    comment: a.comment,
    createdAt: iso(a.created_at),
  }));
  const pending = r.status === 'pending';
  return {
    row: toRequestRow(r),
    actions,
    canDecide: pending && (await repo.isApprover(tx, id, await approverOf(tx, request))),
    canWithdraw: pending && r.requester_id === user,
  };
}

/** The lists: `task` (waiting for the caller), `handled`, `initiated`; or an application's (`app`). */
export async function listPage(tx: Tx, scope: repo.WfListScope, q: WfListBody & { inaccessible?: boolean | undefined }): Promise<Paged<WfRequestRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const rows = await repo.listRequests(tx, scope, q, page, pageSize);
  return { rows: rows.map(toRequestRow), ...pageInfo(page, pageSize, Number(rows[0]?.total ?? 0)) };
}

/** `getwfprocess`: the application's steps (or the default). */
export async function getProcess(tx: Tx, app: AppContext): Promise<WfProcess> {
  const p = await repo.findProcess(tx, app.id);
  return p ? { steps: p.steps, isDefault: false, updatedAt: iso(p.updated_at) } : { steps: DEFAULT_WF_STEPS, isDefault: true, updatedAt: '' };
}

/** `savewfprocess`: replaces the application's steps (new requests use them). @throws workflow.steps_invalid. */
export async function saveProcess(tx: Tx, request: FastifyRequest, app: AppContext, steps: WfStep[]): Promise<WfProcess> {
  assertValidSteps(steps);
  const before = await repo.findProcess(tx, app.id);
  await repo.upsertProcess(tx, app.id, steps, me(request).username);
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'workflow.process.save',
    entity: 'wfprocess',
    entityId: app.id,
    before: before?.steps ?? DEFAULT_WF_STEPS,
    after: steps,
  });
  return getProcess(tx, app);
}

/** `getwftaskcount`: how many requests wait for the caller (the header badge). */
export async function countTasks(tx: Tx, request: FastifyRequest): Promise<number> {
  return repo.countTasks(tx, await approverOf(tx, request));
}

/** The caller as an approver (their role numbers and data scope in their tenant). */
export async function approverOf(tx: Tx, request: FastifyRequest): Promise<repo.Approver> {
  return repo.loadApprover(tx, me(request).userId, me(request).tenantId);
}
