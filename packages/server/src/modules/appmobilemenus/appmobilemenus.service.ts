/**
 * Mobile app menus of an application (SPEC §2 Mobile app menu list: AM_ID, app name, list icon, normal
 * icon, highlight icon, enabled, description, 'Edit App', enable/disable, delete; §3 Mobile app menu;
 * §5 Icon; docs/applications.md "Mobile app menus"). Every call works on `request.application` inside
 * one platform-scope transaction opened by the route, bounded by that application. Rules: app name
 * required ≤ 50 and unique in the application case-insensitively (pre-check, withUniqueErrors for the
 * race); description ≤ 200; sequence 0…999999 (default: after the last); each icon an uploaded image
 * (png/jpg/jpeg/gif by its sniffed type) of the caller's tenant — any tenant's for a platform
 * administrator — or '' for none; an icon left unchanged on edit is not checked again. Writes audited
 * in the platform tenant: `appmobilemenu.add|edit|delete|enable|disable`.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { translate } from '@mp/i18n';
import {
  APP_MOBILE_MENU_ICONS,
  APP_MOBILE_MENU_RULES,
  AppMobileMenuCodes,
  Codes,
  pageInfo,
  Paths,
  SCRIPT_TAG,
  UserType,
  type AppMobileMenuAddBody,
  type AppMobileMenuEditBody,
  type AppMobileMenuListBody,
  type AppMobileMenuRow,
  type Paged,
  type StatusValue,
} from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { withUniqueErrors } from '../../lib/unique-violation.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './appmobilemenus.repository.js';

const AUDIT_TENANT = 'sys';
const NAME_INDEX = 'app_mobile_menus_name_uq';
const iconUrl = (fileId: string) => (fileId ? `${Paths.getfile}/${fileId}` : '');

/** The API shape of a row (icons with their addresses). */
export function toMobileMenuRow(m: repo.MobileMenuRecord): AppMobileMenuRow {
  return {
    id: m.id,
    name: m.name,
    listIcon: m.listIcon,
    listIconUrl: iconUrl(m.listIcon),
    normalIcon: m.normalIcon,
    normalIconUrl: iconUrl(m.normalIcon),
    highlightIcon: m.highlightIcon,
    highlightIconUrl: iconUrl(m.highlightIcon),
    enabled: m.enabled === 1 ? 1 : 0,
    description: m.description,
    sort: m.sort,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
  };
}

const label = (request: FastifyRequest, field: string) => translate(request.locale, `errors:appmobilemenu.field.${field}`);

/** Trimmed text after the required / length / script checks, with the field's label in the message. */
function text(request: FastifyRequest, field: 'name' | 'description', value: string | undefined, required: boolean): string {
  const v = (value ?? '').trim();
  const max = APP_MOBILE_MENU_RULES[field].max;
  if (!v) {
    if (required) throw new AppError(Codes.REQUIRED, { field: label(request, field) });
    return v;
  }
  if ([...v].length > max) throw new AppError(Codes.TOO_LONG, { field: label(request, field), max });
  if (SCRIPT_TAG.test(v)) throw new AppError(Codes.SCRIPT_TAG, { field: label(request, field) });
  return v;
}

/** Checks an icon that changed: an uploaded png/jpeg/gif the caller may use. @throws appmobilemenu.icon_not_found, icon_type */
async function checkIcon(tx: Tx, request: FastifyRequest, field: string, fileId: string): Promise<void> {
  const f = await repo.findFileType(tx, fileId);
  const auth = request.auth!;
  const platform = auth.userTypes.includes(UserType.PLATFORM_ADMIN);
  if (!f || (!platform && f.tenantId !== auth.tenantId)) throw new AppError(AppMobileMenuCodes.ICON_NOT_FOUND, { field: label(request, field) });
  if (!(APP_MOBILE_MENU_RULES.iconMimeTypes as readonly string[]).includes(f.mime)) throw new AppError(AppMobileMenuCodes.ICON_TYPE);
}

/** The checked fields of an add or edit; `before` (edit) keeps what the body leaves out. */
async function checkedFields(tx: Tx, request: FastifyRequest, productId: string, b: AppMobileMenuAddBody, before?: repo.MobileMenuRecord) {
  const name = text(request, 'name', b.name, true);
  const description = b.description === undefined && before ? before.description : text(request, 'description', b.description, false);
  const icons = {} as Record<(typeof APP_MOBILE_MENU_ICONS)[number], string>;
  for (const k of APP_MOBILE_MENU_ICONS) {
    const given = b[k];
    const v = given === undefined ? (before?.[k] ?? '') : given.trim();
    if (v && v !== before?.[k]) await checkIcon(tx, request, k, v);
    icons[k] = v;
  }
  const holder = await repo.findMobileMenuByName(tx, productId, name);
  if (holder && holder.id !== before?.id) throw new AppError(AppMobileMenuCodes.NAME_IN_USE, { name });
  return { name, description, ...icons, ...(b.enabled === undefined ? {} : { enabled: b.enabled }), ...(b.sort === undefined ? {} : { sort: b.sort }) };
}

async function loadAll(tx: Tx, productId: string, ids: string[]): Promise<repo.MobileMenuRecord[]> {
  const unique = [...new Set(ids)];
  const found = await repo.findMobileMenusByIds(tx, productId, unique);
  if (found.length !== unique.length) throw new AppError(AppMobileMenuCodes.NOT_FOUND);
  return found;
}

/** One page of the application's mobile app menus. */
export async function listMobileMenuPage(tx: Tx, productId: string, q: AppMobileMenuListBody): Promise<Paged<AppMobileMenuRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listMobileMenus(tx, productId, { ...q, page, pageSize });
  return { rows: rows.map(toMobileMenuRow), ...pageInfo(page, pageSize, records) };
}

export async function getMobileMenu(tx: Tx, productId: string, id: string): Promise<AppMobileMenuRow> {
  return toMobileMenuRow((await loadAll(tx, productId, [id]))[0]!);
}

/** Adds a mobile app menu (enabled unless said otherwise; sequence after the last unless given). */
export async function addMobileMenu(tx: Tx, request: FastifyRequest, productId: string, b: AppMobileMenuAddBody): Promise<AppMobileMenuRow> {
  const v = await checkedFields(tx, request, productId, b);
  const sort = v.sort ?? (await repo.nextMobileMenuSort(tx, productId));
  const m = await withUniqueErrors({ [NAME_INDEX]: new AppError(AppMobileMenuCodes.NAME_IN_USE, { name: v.name }) }, () =>
    repo.insertMobileMenu(tx, { id: randomUUID(), productId, ...v, sort }),
  );
  const row = toMobileMenuRow(m);
  await insertAuditEntry(tx, request, { tenantId: AUDIT_TENANT, action: 'appmobilemenu.add', entity: 'appmobilemenu', entityId: row.id, after: row });
  return row;
}

/** 'Edit App': replaces the name and the fields given. */
export async function editMobileMenu(tx: Tx, request: FastifyRequest, productId: string, b: AppMobileMenuEditBody): Promise<AppMobileMenuRow> {
  const old = (await loadAll(tx, productId, [b.id]))[0]!;
  const v = await checkedFields(tx, request, productId, b, old);
  const m = await withUniqueErrors({ [NAME_INDEX]: new AppError(AppMobileMenuCodes.NAME_IN_USE, { name: v.name }) }, () =>
    repo.updateMobileMenuById(tx, productId, b.id, v),
  );
  const row = toMobileMenuRow(m!);
  await insertAuditEntry(tx, request, {
    tenantId: AUDIT_TENANT,
    action: 'appmobilemenu.edit',
    entity: 'appmobilemenu',
    entityId: row.id,
    before: toMobileMenuRow(old),
    after: row,
  });
  return row;
}

/** Enables (1) or disables (0) mobile app menus of the application, all or none. */
export async function setMobileMenusEnabled(
  tx: Tx,
  request: FastifyRequest,
  productId: string,
  ids: string[],
  enabled: StatusValue,
): Promise<{ count: number }> {
  const found = await loadAll(tx, productId, ids);
  const count = await repo.updateMobileMenuEnabledByIds(
    tx,
    productId,
    found.map((m) => m.id),
    enabled,
  );
  for (const m of found) {
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: enabled ? 'appmobilemenu.enable' : 'appmobilemenu.disable',
      entity: 'appmobilemenu',
      entityId: m.id,
      before: { enabled: m.enabled },
      after: { enabled },
    });
  }
  return { count };
}

/** Deletes mobile app menus of the application, all or none. */
export async function deleteMobileMenus(tx: Tx, request: FastifyRequest, productId: string, ids: string[]): Promise<{ count: number }> {
  const found = await loadAll(tx, productId, ids);
  const count = await repo.deleteMobileMenusByIds(
    tx,
    productId,
    found.map((m) => m.id),
  );
  for (const m of found)
    await insertAuditEntry(tx, request, {
      tenantId: AUDIT_TENANT,
      action: 'appmobilemenu.delete',
      entity: 'appmobilemenu',
      entityId: m.id,
      before: toMobileMenuRow(m),
    });
  return { count };
}
