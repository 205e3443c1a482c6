/**
 * Pages of an application (SPEC §2 Page manager grid and new/edit page; §3 Page; §5 Page; docs/
 * applications.md "Page designer"): the paged grid, a page with its tree, add/edit (optionally filling the
 * tree from a setting file in the same transaction), batch delete with the grants confirmation, import
 * and export of the setting file, and the API picker. Writes run in the caller's transaction, audited
 * (`apppage.add|edit|delete|import`, tenant 'sys').
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  APP_PAGE_RULES,
  AppPageCodes,
  pageInfo,
  type AppApiOptionListBody,
  type AppApiRef,
  type AppPageAddBody,
  type AppPageDeleteBody,
  type AppPageDetail,
  type AppPageEditBody,
  type AppPageImportBody,
  type AppPageListBody,
  type AppPageRow,
  type AppPageSaveOutcome,
  type ConfirmOutcome,
  type Paged,
  type SettingFile,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { checkText } from '../../lib/validate.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './apppages.repository.js';
import { AUDIT_TENANT, lockPage, pageDetail, toPageRow } from './apppages.nodes.service.js';
import { applyPlan, readSettingFile, writeSettingFile, type SettingPlan } from './apppages.setting.js';
import { toApiRef } from './apppages.tree.js';

/** One page of the application's pages (grid: formID, name, path, last update time, platform type). */
export async function listPagePage(tx: Tx, productId: string, q: AppPageListBody): Promise<Paged<AppPageRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listPages(tx, productId, { ...q, page, pageSize });
  return { rows: rows.map(toPageRow), ...pageInfo(page, pageSize, records) };
}

/** A page of the application with its tree. @throws apppage.not_found */
export async function getPage(tx: Tx, productId: string, id: string): Promise<AppPageDetail> {
  const page = await repo.findPageById(tx, productId, id);
  if (!page) throw new AppError(AppPageCodes.NOT_FOUND);
  return pageDetail(tx, productId, page);
}

/** The API picker: one page of the application's registry. */
export async function listApiOptionPage(tx: Tx, productId: string, q: AppApiOptionListBody): Promise<Paged<AppApiRef>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listApiOptions(tx, productId, { ...q, page, pageSize });
  return { rows: rows.map(toApiRef), ...pageInfo(page, pageSize, records) };
}

/** The kept name of an uploaded setting file: its base name, at most 200 characters. */
const fileNameOf = (f: SettingFile) => (f.fileName.split(/[\\/]/).pop() ?? '').trim().slice(0, 200) || 'setting.json';

/**
 * Checks the page fields; blank name/path/formID come from the setting file's page section when one is
 * given; a blank formID is generated (`page_<10 hex>`). Unique formID and path in the application.
 */
async function checkPageFields(tx: Tx, productId: string, b: AppPageAddBody, plan: SettingPlan | undefined, selfId?: string) {
  const formId =
    checkText('formId', b.formId?.trim() || plan?.page.formId, {
      max: APP_PAGE_RULES.formId.max,
      pattern: APP_PAGE_RULES.formId.pattern,
      patternCode: AppPageCodes.FORM_ID_PATTERN,
    }) || `page_${randomBytes(5).toString('hex')}`;
  const name = checkText('pageName', b.name.trim() || plan?.page.name, {
    required: true,
    max: APP_PAGE_RULES.name.max,
    pattern: APP_PAGE_RULES.name.pattern,
    patternCode: AppPageCodes.NAME_PATTERN,
  });
  const path = checkText('pagePath', b.path.trim() || plan?.page.path, { required: true, max: APP_PAGE_RULES.path.max });
  const byForm = await repo.findPageByFormId(tx, productId, formId);
  if (byForm && byForm.id !== selfId) throw new AppError(AppPageCodes.FORM_ID_IN_USE, { formId });
  const byPath = await repo.findPageByPath(tx, productId, path);
  if (byPath && byPath.id !== selfId) throw new AppError(AppPageCodes.PATH_IN_USE, { path });
  return { formId, name, path, platformType: b.platformType };
}

const uniqueErrors = (f: { formId: string; path: string }) => ({
  app_pages_form_id_uq: new AppError(AppPageCodes.FORM_ID_IN_USE, { formId: f.formId }),
  app_pages_path_uq: new AppError(AppPageCodes.PATH_IN_USE, { path: f.path }),
});

const outcome = (detail: AppPageDetail, roles = 0): AppPageSaveOutcome => ({ confirmRequired: false, roles, ...detail });

/** Adds a page; with a setting file its tree is filled in the same transaction (an invalid file adds nothing). */
export async function addPage(tx: Tx, request: FastifyRequest, productId: string, b: AppPageAddBody): Promise<AppPageSaveOutcome> {
  const plan = b.settingFile ? await readSettingFile(tx, productId, b.settingFile.content) : undefined;
  const fields = await checkPageFields(tx, productId, b, plan);
  const id = randomUUID();
  const page = await withUniqueErrors(uniqueErrors(fields), () =>
    repo.insertPage(tx, {
      id,
      productId,
      ...fields,
      settingFile: b.settingFile ? fileNameOf(b.settingFile) : '',
    }),
  );
  if (plan) await applyPlan(tx, productId, id, plan, true);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.add',
    entity: 'apppage',
    entityId: id,
    after: { ...toPageRow(page), nodes: plan?.nodes.length ?? 0 },
  });
  return outcome(await pageDetail(tx, productId, page));
}

/**
 * Saves a page's fields; with a setting file its tree is replaced too (see applyPlan: needs `confirm`
 * when roles hold grants on controls the file drops — then nothing changes and `confirmRequired`).
 */
export async function editPage(tx: Tx, request: FastifyRequest, productId: string, b: AppPageEditBody): Promise<AppPageSaveOutcome> {
  const before = await lockPage(tx, productId, b.id);
  const plan = b.settingFile ? await readSettingFile(tx, productId, b.settingFile.content) : undefined;
  const fields = await checkPageFields(tx, productId, b, plan, b.id);
  let roles = 0;
  if (plan) {
    const applied = await applyPlan(tx, productId, b.id, plan, b.confirm === true);
    if (applied.confirmRequired) return { confirmRequired: true, roles: applied.roles, row: null, tree: [] };
    roles = applied.roles;
  }
  const page = (await withUniqueErrors(uniqueErrors(fields), () =>
    repo.updatePageById(tx, productId, b.id, {
      ...fields,
      ...(b.settingFile ? { settingFile: fileNameOf(b.settingFile) } : {}),
    }),
  ))!;
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.edit',
    entity: 'apppage',
    entityId: b.id,
    before: toPageRow(before),
    after: { ...toPageRow(page), nodes: plan?.nodes.length },
  });
  return outcome(await pageDetail(tx, productId, page), roles);
}

/**
 * Deletes pages of the application (all or none; another application's id is "not found"). Their nodes go
 * by cascade and the nodes' grants by trigger: when roles hold some and `confirm` is not true, nothing
 * changes and the answer says how many roles.
 */
export async function deletePages(tx: Tx, request: FastifyRequest, productId: string, b: AppPageDeleteBody): Promise<ConfirmOutcome> {
  const unique = [...new Set(b.ids)];
  const found = await repo.findPagesByIds(tx, productId, unique);
  if (found.length !== unique.length) throw new AppError(AppPageCodes.NOT_FOUND);
  const roles = await repo.countRolesGranted(tx, await repo.listNodeIdsOfPages(tx, productId, unique));
  if (roles > 0 && b.confirm !== true) return { confirmRequired: true, roles, count: 0 };
  const count = await repo.deletePagesByIds(tx, productId, unique);
  for (const p of found)
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: 'apppage.delete',
      entity: 'apppage',
      entityId: p.id,
      before: { ...toPageRow(p), roles },
    });
  return { confirmRequired: false, roles, count };
}

/** Replaces a page's tree by a setting file's (an invalid file changes nothing); keeps the file's name. */
export async function importPage(tx: Tx, request: FastifyRequest, productId: string, b: AppPageImportBody): Promise<AppPageSaveOutcome> {
  await lockPage(tx, productId, b.id);
  const plan = await readSettingFile(tx, productId, b.settingFile.content);
  const applied = await applyPlan(tx, productId, b.id, plan, b.confirm === true);
  if (applied.confirmRequired) return { confirmRequired: true, roles: applied.roles, row: null, tree: [] };
  const page = (await repo.updatePageById(tx, productId, b.id, { settingFile: fileNameOf(b.settingFile) }))!;
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'apppage.import',
    entity: 'apppage',
    entityId: b.id,
    after: { settingFile: page.settingFile, nodes: plan.nodes.length, roles: applied.roles },
  });
  return outcome(await pageDetail(tx, productId, page), applied.roles);
}

/** A page's setting file: `{ fileName, content }` (docs/applications.md "Setting file format"). */
export async function exportPage(tx: Tx, productId: string, id: string): Promise<{ fileName: string; content: string }> {
  const page = await repo.findPageById(tx, productId, id);
  if (!page) throw new AppError(AppPageCodes.NOT_FOUND);
  return writeSettingFile(page, (await pageDetail(tx, productId, page)).tree);
}
