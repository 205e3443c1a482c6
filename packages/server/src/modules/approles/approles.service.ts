/**
 * Application roles and their members (issue 15 "App roles"; SPEC §2 App roleManagement; §3 Role; §5 Role:
 * number letters/digits/underscore ≤ 30, unique in the application case-insensitively; name Chinese,
 * letters, digits, underscore ≤ 30; description ≤ 200; docs/applications.md "Application roles and
 * permission templates"). Every call is for `request.application` (the guard's); ids of another
 * application are "not found". Batches are all or nothing; every write is audited (`approle.*`, tenant
 * 'sys') in the caller's transaction. Members are users of the application (`isAppUser`).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AppRoleCodes,
  Codes,
  pageInfo,
  ROLE_RULES,
  RoleCodes,
  type AppRoleAddBody,
  type AppRoleEditBody,
  type AppRoleListBody,
  type AppRoleRow,
  type AppRoleUserListBody,
  type AppRoleUserRow,
  type AppGrantItem,
  type AppTreeKind,
  type Paged,
  type TemplateMode,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import type { AppContext } from '../../types.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './approles.repository.js';
import { copyTemplateGrants } from './approles.grants.repository.js';
import { saveOwnerGrants } from './approles.grants.js';
import { getTemplate, lockTree } from './approles.templates.js';

/** The API shape of a role. */
export function toRoleRow(r: repo.AppRoleRecord): AppRoleRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    description: r.description,
    status: r.status === 1 ? 1 : 0,
    templateId: r.templateId ?? '',
    templateName: r.templateName ?? '',
    templateMode: r.templateMode === 'sync' ? 'sync' : 'copy',
    memberCount: Number(r.memberCount),
    creator: r.creator,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const audit = (tx: Tx, request: FastifyRequest, action: string, entityId: string, before?: unknown, after?: unknown) =>
  insertAuditEntry(tx, request, { tenantId: 'sys', action: `approle.${action}`, entity: 'approle', entityId, before, after });

/** The application's role `id`, locked. @throws approle.not_found. */
export async function getRole(tx: Tx, app: AppContext, id: string): Promise<repo.AppRoleRecord> {
  const [r] = await repo.findRoles(tx, app.id, [id]);
  if (!r) throw new AppError(AppRoleCodes.NOT_FOUND);
  return r;
}

/** The roles of `ids` (deduplicated, at least one), all of this application. @throws validation.choose_at_least_one, approle.not_found. */
async function getRoles(tx: Tx, app: AppContext, ids: string[]): Promise<repo.AppRoleRecord[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) throw new AppError(Codes.CHOOSE_AT_LEAST_ONE);
  const found = await repo.findRoles(tx, app.id, unique);
  if (found.length !== unique.length) throw new AppError(AppRoleCodes.NOT_FOUND);
  return found;
}

/** `listapprole`: one page of the application's roles. */
export async function listRolePage(tx: Tx, app: AppContext, q: AppRoleListBody): Promise<Paged<AppRoleRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listRolePage(tx, app.id, { ...q, page, pageSize });
  return { rows: rows.map(toRoleRow), ...pageInfo(page, pageSize, records) };
}

/** Checks the editable fields (SPEC §5 Role) in form order. */
function checkFields(b: AppRoleAddBody | AppRoleEditBody) {
  return {
    code: checkText('roleNo', b.code, { required: true, max: ROLE_RULES.roleNo.max, pattern: ROLE_RULES.roleNo.pattern, patternCode: RoleCodes.NO_PATTERN }),
    name: checkText('roleName', b.name, {
      required: true,
      max: ROLE_RULES.roleName.max,
      pattern: ROLE_RULES.roleName.pattern,
      patternCode: RoleCodes.NAME_PATTERN,
    }),
    description: checkText('description', b.description, { max: ROLE_RULES.description.max }),
  };
}

const codeRace = (code: string) => ({ app_roles_code_uq: new AppError(AppRoleCodes.CODE_IN_USE, { code }) });

/** Refuses a number another role of the application uses (case-insensitively). */
async function assertCodeFree(tx: Tx, app: AppContext, code: string, exceptId?: string) {
  if (await repo.codeTaken(tx, app.id, code, exceptId)) throw new AppError(AppRoleCodes.CODE_IN_USE, { code });
}

/**
 * `addapprole`; with `templateId` the role takes the template's grants in the same transaction
 * (`templateMode`, default 'sync'). @throws validation.*, role.no_pattern, role.name_pattern,
 * approle.code_in_use, apptemplate.root / .not_found.
 */
export async function addRole(tx: Tx, request: FastifyRequest, app: AppContext, b: AppRoleAddBody): Promise<AppRoleRow> {
  const f = checkFields(b);
  if (b.templateId?.trim()) await lockTree(tx, app.id);
  const template = b.templateId?.trim() ? await getTemplate(tx, app.id, b.templateId) : undefined;
  await assertCodeFree(tx, app, f.code);
  const id = randomUUID();
  const templateMode: TemplateMode = template ? (b.templateMode ?? 'sync') : 'copy';
  await withUniqueErrors(codeRace(f.code), () =>
    repo.insertRole(tx, {
      id,
      productId: app.id,
      ...f,
      status: b.status ?? 1,
      templateId: template?.id ?? null,
      templateMode,
      creator: request.auth?.username ?? '',
    }),
  );
  if (template) await copyTemplateGrants(tx, app.id, [template.id], [id]);
  const row = toRoleRow(await getRole(tx, app, id));
  await audit(tx, request, 'add', id, undefined, row);
  return row;
}

/** `editapprole`. @throws as addRole, approle.not_found. */
export async function editRole(tx: Tx, request: FastifyRequest, app: AppContext, b: AppRoleEditBody): Promise<AppRoleRow> {
  const f = checkFields(b);
  const before = toRoleRow(await getRole(tx, app, b.id));
  await assertCodeFree(tx, app, f.code, b.id);
  await withUniqueErrors(codeRace(f.code), () => repo.updateRole(tx, app.id, b.id, { ...f, ...(b.status === undefined ? {} : { status: b.status }) }));
  const after = toRoleRow(await getRole(tx, app, b.id));
  await audit(tx, request, 'edit', b.id, before, after);
  return after;
}

/** `statusapprole`: all or none. @throws validation.choose_at_least_one, approle.not_found. */
export async function setRolesStatus(tx: Tx, request: FastifyRequest, app: AppContext, ids: string[], status: 0 | 1): Promise<{ count: number }> {
  const roles = await getRoles(tx, app, ids);
  await repo.setRolesStatus(
    tx,
    app.id,
    roles.map((r) => r.id),
    status,
  );
  for (const r of roles) await audit(tx, request, status ? 'enable' : 'disable', r.id, { status: r.status }, { status });
  return { count: roles.length };
}

/** `deleteapprole`: all or none; members and grants go with them. @throws as setRolesStatus. */
export async function deleteRoles(tx: Tx, request: FastifyRequest, app: AppContext, ids: string[]): Promise<{ count: number }> {
  const roles = await getRoles(tx, app, ids);
  await repo.deleteRoles(
    tx,
    app.id,
    roles.map((r) => r.id),
  );
  for (const r of roles) await audit(tx, request, 'delete', r.id, toRoleRow(r));
  return { count: roles.length };
}

/** `listapproleuser` (members) / `listapprolecandidate` (the application's users not in the role). @throws approle.not_found. */
export async function listRoleUserPage(tx: Tx, app: AppContext, q: AppRoleUserListBody, inRole: boolean): Promise<Paged<AppRoleUserRow>> {
  await getRole(tx, app, q.roleId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listRoleUsers(tx, app.id, { ...q, page, pageSize }, inRole);
  return { rows, ...pageInfo(page, pageSize, records) };
}

/**
 * `addapproleuser`: every user must be a user of the application (else nothing is added).
 * @throws approle.not_found, approle.user_required, approle.not_app_user.
 */
export async function addRoleUsers(tx: Tx, request: FastifyRequest, app: AppContext, roleId: string, userIds: string[]): Promise<{ count: number }> {
  const role = await getRole(tx, app, roleId);
  const ids = [...new Set(userIds)];
  if (!ids.length) throw new AppError(AppRoleCodes.USER_REQUIRED);
  const users = await repo.appUsersAmong(tx, app.id, ids);
  const missing = ids.find((id) => !users.some((u) => u.id === id));
  if (missing) throw new AppError(AppRoleCodes.NOT_APP_USER, { id: missing });
  const count = await repo.insertRoleUsers(tx, app.id, role.id, users);
  await audit(tx, request, 'member.add', role.id, undefined, { roleNo: role.code, users: users.map((u) => ({ id: u.id, username: u.username })) });
  return { count };
}

/** `deleteapproleuser`. @throws approle.not_found, approle.member_required. */
export async function deleteRoleUsers(tx: Tx, request: FastifyRequest, app: AppContext, roleId: string, userIds: string[]): Promise<{ count: number }> {
  const role = await getRole(tx, app, roleId);
  const ids = [...new Set(userIds)];
  if (!ids.length) throw new AppError(AppRoleCodes.MEMBER_REQUIRED);
  const gone = await repo.deleteRoleUsers(tx, app.id, role.id, ids);
  await audit(tx, request, 'member.delete', role.id, { roleNo: role.code, users: gone }, undefined);
  return { count: gone.length };
}

/**
 * `saveapprolepurview`: replaces the role's grants of the tree. A role following a template becomes its
 * own copy (mode 'copy', the template kept as its origin) — its grants are no longer the template's.
 * @throws approle.not_found and as saveOwnerGrants.
 */
export async function saveRolePurview(tx: Tx, request: FastifyRequest, app: AppContext, roleId: string, tree: AppTreeKind, items: AppGrantItem[]) {
  await lockTree(tx, app.id);
  const role = await getRole(tx, app, roleId);
  if (role.templateMode === 'sync') await repo.updateRole(tx, app.id, role.id, { templateMode: 'copy' });
  return saveOwnerGrants(tx, request, app, { type: 'role', id: role.id, code: role.code }, tree, items);
}

/**
 * `applyapptemplate`: the role takes the template's grants (all trees) in one step; 'sync' keeps them
 * equal to the template's from now on, 'copy' copies once. @throws approle.not_found,
 * apptemplate.required, apptemplate.root, apptemplate.not_found.
 */
export async function applyTemplate(
  tx: Tx,
  request: FastifyRequest,
  app: AppContext,
  roleId: string,
  templateId: string,
  mode: TemplateMode,
): Promise<AppRoleRow> {
  await lockTree(tx, app.id);
  const role = await getRole(tx, app, roleId);
  const template = await getTemplate(tx, app.id, templateId);
  await repo.updateRole(tx, app.id, role.id, { templateId: template.id, templateMode: mode });
  await copyTemplateGrants(tx, app.id, [template.id], [role.id]);
  const after = toRoleRow(await getRole(tx, app, role.id));
  await audit(tx, request, 'apply_template', role.id, toRoleRow(role), after);
  return after;
}
