/**
 * Typed calls of application roles and permission templates (issue 15; SPEC §2 App roleManagement;
 * docs/applications.md "Application roles and permission templates"). The application is the APPID
 * header (the workbench's choice, stores/current-app.ts). Every function rejects with the client's
 * `ApiError` when the envelope says `result: '0'` (toasted unless `opts.noToast`).
 */
import {
  AppRolePaths as P,
  type AppGrantItem,
  type AppGrantViewItem,
  type AppPermissionNode,
  type AppRoleAddBody,
  type AppRoleEditBody,
  type AppRoleListBody,
  type AppRoleRow,
  type AppRoleUserListBody,
  type AppRoleUserRow,
  type AppTemplateNode,
  type AppTreeKind,
  type Paged,
  type StatusValue,
  type TemplateMode,
} from '@mp/protocol';
import { post, type RequestOptions } from './client';

/** Filters of the role grid. */
export type AppRoleFilters = Pick<AppRoleListBody, 'code' | 'name' | 'status'>;

/** One page of the application's roles. */
export const listAppRoles = (q: AppRoleListBody, opts?: RequestOptions) => post<Paged<AppRoleRow>>(P.listapprole, q, opts);
/** New role (optionally from a template) → the row. */
export const addAppRole = async (b: AppRoleAddBody, opts?: RequestOptions) => (await post<{ row: AppRoleRow }>(P.addapprole, b, opts)).row;
/** Modify role → the row. */
export const editAppRole = async (b: AppRoleEditBody, opts?: RequestOptions) => (await post<{ row: AppRoleRow }>(P.editapprole, b, opts)).row;
/** Enable (1) / disable (0) roles, all or none → how many. */
export const setAppRoleStatus = async (ids: string[], status: StatusValue) => (await post<{ count: number }>(P.statusapprole, { ids, status })).count;
/** Delete roles, all or none → how many. */
export const deleteAppRoles = async (ids: string[]) => (await post<{ count: number }>(P.deleteapprole, { ids })).count;

/** Members of a role. */
export const listAppRoleUsers = (q: AppRoleUserListBody) => post<Paged<AppRoleUserRow>>(P.listapproleuser, q);
/** The application's users not in the role (the add-member picker). */
export const listAppRoleCandidates = (q: AppRoleUserListBody) => post<Paged<AppRoleUserRow>>(P.listapprolecandidate, q);
/** Adds members (application users only) → how many. */
export const addAppRoleUsers = async (roleId: string, userIds: string[]) => (await post<{ count: number }>(P.addapproleuser, { roleId, userIds })).count;
/** Removes members → how many. */
export const deleteAppRoleUsers = async (roleId: string, userIds: string[]) => (await post<{ count: number }>(P.deleteapproleuser, { roleId, userIds })).count;

/** Whose grants a dialog edits. */
export interface GrantOwnerRef {
  type: 'role' | 'template';
  id: string;
  name: string;
}

/** The permission tree (`menu`) or API tree (`api`) with the owner's bits. */
export async function ownerPurview(owner: GrantOwnerRef, tree: AppTreeKind): Promise<AppPermissionNode[]> {
  const r =
    owner.type === 'role'
      ? await post<{ rows: AppPermissionNode[] }>(P.approlepurview, { roleId: owner.id, tree })
      : await post<{ rows: AppPermissionNode[] }>(P.apptemplatepurview, { templateId: owner.id, tree });
  return r.rows;
}

/** Replaces the owner's grants of the tree (a template's roles in sync follow). */
export function saveOwnerPurview(owner: GrantOwnerRef, tree: AppTreeKind, dataPurview: AppGrantItem[]): Promise<unknown> {
  return owner.type === 'role'
    ? post(P.saveapprolepurview, { roleId: owner.id, tree, dataPurview })
    : post(P.saveapptemplatepurview, { templateId: owner.id, tree, dataPurview });
}

/** What the role holds (the viewer). */
export const appRoleGrantView = async (roleId: string) => (await post<{ rows: AppGrantViewItem[] }>(P.approlegrantview, { roleId })).rows;
/** Applies a template to a role (`sync` or `copy`) → the row. */
export const applyAppTemplate = async (roleId: string, templateId: string, mode: TemplateMode, opts?: RequestOptions) =>
  (await post<{ row: AppRoleRow }>(P.applyapptemplate, { roleId, templateId, mode }, opts)).row;

/** The template tree (root '0' = the application). */
export const appTemplateTree = async () => (await post<{ root: AppTemplateNode }>(P.treeapptemplate, {})).root;
/** New template under `parentId` ('0' root) → its id. */
export const addAppTemplate = (b: { parentId: string; name: string; description?: string }, opts?: RequestOptions) =>
  post<{ id: string }>(P.addapptemplate, b, opts);
/** Modify a template. */
export const editAppTemplate = (b: { id: string; name: string; description?: string }, opts?: RequestOptions) =>
  post<{ id: string }>(P.editapptemplate, b, opts);
/** Delete a template and its subtree (its roles keep their grants as a copy). */
export const deleteAppTemplate = (id: string) => post<{ count: number }>(P.deleteapptemplate, { id });
/** Move a template to the end of `parentId`'s children. */
export const moveAppTemplate = (id: string, parentId: string) => post<{ id: string }>(P.moveapptemplate, { id, parentId });
