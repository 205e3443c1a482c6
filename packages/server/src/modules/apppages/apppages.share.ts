/**
 * Sharing a page between applications (SPEC §4 "Sharing can be cancelled after confirmation";
 * docs/applications.md "Sharing a page"). An administrator of several applications shares a page by
 * copying its definition (page fields and tree, APIs matched by url) into other applications they
 * administer; the copy is the target's page with the same formID, so sharing again refreshes it (nodes
 * it keeps keep their ids and grants). Cancelling the sharing deletes those copies — the console asks
 * first, and the call requires `confirm: true`. Platform administrators may share with every application.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppPageCodes, UserType, type AppPageShareBody, type AppPageShareRow, type AppPageUnshareBody, type ConfirmOutcome } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './apppages.repository.js';
import { AUDIT_TENANT, lockPage, pageDetail } from './apppages.nodes.service.js';
import { applyPlan, readSettingFile, rolesDroppedBy, writeSettingFile, type SettingPlan } from './apppages.setting.js';

/** The other applications the caller administers (every other one for a platform administrator). */
async function otherApps(tx: Tx, request: FastifyRequest, productId: string) {
  const auth = request.auth!;
  const all = await repo.listAdministeredApps(tx, auth.userTypes.includes(UserType.PLATFORM_ADMIN) ? undefined : auth.userId);
  return all.filter((a) => a.id !== productId);
}

/** The sharing dialog: the caller's other applications and whether each holds a copy of the page. */
export async function listShares(tx: Tx, request: FastifyRequest, productId: string, pageId: string): Promise<{ rows: AppPageShareRow[] }> {
  const page = await repo.findPageById(tx, productId, pageId);
  if (!page) throw new AppError(AppPageCodes.NOT_FOUND);
  const apps = await otherApps(tx, request, productId);
  const copies = new Map(
    (
      await repo.findPagesByFormIdIn(
        tx,
        apps.map((a) => a.id),
        page.formId,
      )
    ).map((p) => [p.productId, p]),
  );
  return {
    rows: apps.map((a) => {
      const c = copies.get(a.id);
      return { appId: a.id, appCode: a.code, appName: a.name, shared: c !== undefined, updatedAt: c ? c.updatedAt.toISOString() : '' };
    }),
  };
}

/** The named targets among the caller's other applications. @throws apppage.share_app_invalid */
async function targetsOf(tx: Tx, request: FastifyRequest, productId: string, appIds: string[]) {
  const mine = new Map((await otherApps(tx, request, productId)).map((a) => [a.id, a]));
  return [...new Set(appIds)].map((id) => {
    const a = mine.get(id);
    if (!a) throw new AppError(AppPageCodes.SHARE_APP_INVALID, { app: id.slice(0, 64) });
    return a;
  });
}

/**
 * Copies the page into each target application (creating it, or refreshing the copy with the same
 * formID). All targets are checked before anything is written: a target whose registry lacks an API url
 * the page uses, or whose other page holds the path, refuses the whole call. When refreshing would drop
 * controls roles hold in a target and `confirm` is not true, nothing changes (`confirmRequired`).
 */
export async function sharePage(tx: Tx, request: FastifyRequest, productId: string, b: AppPageShareBody): Promise<ConfirmOutcome> {
  const page = await lockPage(tx, productId, b.id);
  const file = writeSettingFile(page, (await pageDetail(tx, productId, page)).tree);
  const targets = await targetsOf(tx, request, productId, b.appIds);
  const work: { app: { id: string; code: string }; plan: SettingPlan; copy: repo.PageRecord | undefined }[] = [];
  let roles = 0;
  for (const app of targets) {
    let plan: SettingPlan;
    try {
      plan = await readSettingFile(tx, app.id, file.content);
    } catch (e) {
      if (e instanceof AppError && e.code === AppPageCodes.FILE_API) throw new AppError(AppPageCodes.SHARE_API_MISSING, { app: app.code, url: e.params.url });
      throw e;
    }
    const found = (await repo.findPagesByFormIdIn(tx, [app.id], page.formId))[0];
    // The copy is locked like any page whose tree is written.
    const copy = found ? await repo.findPageById(tx, app.id, found.id, true) : undefined;
    const byPath = await repo.findPageByPath(tx, app.id, page.path);
    if (byPath && byPath.id !== copy?.id) throw new AppError(AppPageCodes.SHARE_PATH_IN_USE, { app: app.code, path: page.path });
    if (copy) roles += await rolesDroppedBy(tx, app.id, copy.id, plan);
    work.push({ app, plan, copy });
  }
  if (roles > 0 && b.confirm !== true) return { confirmRequired: true, roles, count: 0 };
  const fields = { formId: page.formId, name: page.name, path: page.path, platformType: page.platformType, settingFile: file.fileName };
  for (const { app, plan, copy } of work) {
    const id = copy?.id ?? randomUUID();
    if (copy) await repo.updatePageById(tx, app.id, id, fields);
    else await repo.insertPage(tx, { id, productId: app.id, ...fields });
    await applyPlan(tx, app.id, id, plan, true);
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: 'apppage.share',
      entity: 'apppage',
      entityId: id,
      after: { from: productId, page: page.id, to: app.id, formId: page.formId, nodes: plan.nodes.length },
    });
  }
  return { confirmRequired: false, roles, count: work.length };
}

/**
 * Cancels the sharing with each target (after the console's confirmation; the body must say `confirm:
 * true`): deletes the target's page with the page's formID, its controls' grants going by trigger. A
 * target without a copy counts nothing.
 */
export async function unsharePage(tx: Tx, request: FastifyRequest, productId: string, b: AppPageUnshareBody): Promise<ConfirmOutcome> {
  const page = await repo.findPageById(tx, productId, b.id);
  if (!page) throw new AppError(AppPageCodes.NOT_FOUND);
  const targets = await targetsOf(tx, request, productId, b.appIds);
  const copies = await repo.findPagesByFormIdIn(
    tx,
    targets.map((a) => a.id),
    page.formId,
  );
  const nodeIds: string[] = [];
  for (const c of copies) nodeIds.push(...(await repo.listNodeIdsOfPages(tx, c.productId, [c.id])));
  const roles = await repo.countRolesGranted(tx, nodeIds);
  let count = 0;
  for (const c of copies) {
    count += await repo.deletePagesByIds(tx, c.productId, [c.id]);
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: 'apppage.unshare',
      entity: 'apppage',
      entityId: c.id,
      before: { from: productId, page: page.id, app: c.productId, formId: c.formId, roles },
    });
  }
  return { confirmRequired: false, roles, count };
}
