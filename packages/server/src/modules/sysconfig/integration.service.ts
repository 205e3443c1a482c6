/**
 * Integration configuration lists — LDAP/domain, mail (SMTP), SMS, WeChat (SPEC §7
 * `query*configlist` / `save*configlist`; docs/sysconfig.md): paged reads that never answer a secret
 * (only `hasSecret`), and saves of the complete list of a kind in one transaction, audited, with
 * secrets encrypted at rest and kept when the submitted secret is empty.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Codes, pageInfo, SysconfigCodes, type ConfigListQuery, type IntegrationKindValue, type Paged } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import * as repo from './sysconfig.repository.js';
import { checkConfigItem, SECRET_FIELD, SECRET_REQUIRED, type AnyConfigItem } from './integration.fields.js';
import { decryptSecret, encryptSecret } from './secrets.js';

/** A stored entry as answered: its fields without the secret, plus `hasSecret`. */
export type ConfigRow = Record<string, unknown> & {
  id: string;
  name: string;
  status: 0 | 1;
  sort: number;
  description: string;
  hasSecret: boolean;
  updatedBy: string;
  updatedAt: string;
};

/** The additional authenticated data that binds a secret to its entry. */
export function secretAad(kind: IntegrationKindValue, id: string): string {
  return `${kind}:${id}`;
}

/** The answer shape of a stored entry: never the secret. */
export function toConfigRow(r: repo.IntegrationRecord): ConfigRow {
  const { secret, description, ...fields } = (r.data ?? {}) as Record<string, unknown>;
  return {
    ...fields,
    id: r.id,
    name: r.name,
    status: r.status === 0 ? 0 : 1,
    sort: r.sort,
    description: String(description ?? ''),
    hasSecret: typeof secret === 'string' && secret.length > 0,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** One page of a kind's entries (`query*configlist`). */
export async function listConfigPage(tx: Tx, kind: IntegrationKindValue, q: ConfigListQuery): Promise<Paged<ConfigRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listIntegrationConfigs(tx, kind, { ...q, page, pageSize });
  return { rows: rows.map(toConfigRow), ...pageInfo(page, pageSize, records) };
}

/**
 * Replaces the list of `kind` with `items` (`save*configlist`): items with an `id` update that entry
 * (`config_not_found` when it is not of this kind), items without one are added, stored entries not in
 * the list are removed. Every item is checked first; names are unique inside the kind. Answers the
 * stored list.
 */
export async function saveConfigList(tx: Tx, request: FastifyRequest, key: Buffer, kind: IntegrationKindValue, items: AnyConfigItem[]): Promise<ConfigRow[]> {
  const before = await repo.listAllIntegrationConfigs(tx, kind);
  const byId = new Map(before.map((r) => [r.id, r]));
  const names = new Set<string>();
  const seenIds = new Set<string>();
  const now = new Date();
  const records: repo.IntegrationRecord[] = [];
  const secretsChanged: string[] = [];
  items.forEach((item, index) => {
    const existing = item.id ? byId.get(item.id) : undefined;
    if (item.id && (!existing || seenIds.has(item.id))) throw new AppError(SysconfigCodes.CONFIG_NOT_FOUND);
    const c = checkConfigItem(kind, item);
    const lower = c.name.toLowerCase();
    if (names.has(lower)) throw new AppError(SysconfigCodes.NAME_DUPLICATE, { name: c.name });
    names.add(lower);
    const id = existing?.id ?? randomUUID();
    seenIds.add(id);
    const oldSecret = (existing?.data as { secret?: unknown } | undefined)?.secret;
    let secret = typeof oldSecret === 'string' ? oldSecret : '';
    if (item.clearSecret) secret = '';
    if (item.secret) secret = encryptSecret(key, item.secret, secretAad(kind, id));
    if (secret !== (typeof oldSecret === 'string' ? oldSecret : '')) secretsChanged.push(id);
    if (!secret && SECRET_REQUIRED[kind]) throw new AppError(Codes.REQUIRED, { fieldKey: SECRET_FIELD[kind] });
    records.push({
      id,
      kind,
      name: c.name,
      status: c.status,
      sort: c.sort ?? index,
      data: { ...c.fields, description: c.description, ...(secret ? { secret } : {}) },
      updatedBy: request.auth?.username ?? '',
      updatedAt: now,
    });
  });
  await repo.deleteIntegrationConfigsByIds(
    tx,
    kind,
    before.filter((r) => !seenIds.has(r.id)).map((r) => r.id),
  );
  for (const r of records) await repo.upsertIntegrationConfig(tx, r);
  const after = records.map(toConfigRow);
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: `sysconfig.${kind}.save`,
    entity: `${kind}-config`,
    before: before.map(toConfigRow),
    after: { rows: after, secretsChanged },
  });
  return after.sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name));
}

/** A stored entry with its secret decrypted, for the server's own use (test mail, LDAP test). */
export async function loadConfigWithSecret(tx: Tx, key: Buffer, kind: IntegrationKindValue, id: string): Promise<{ row: ConfigRow; secret: string }> {
  const r = await repo.findIntegrationConfigById(tx, kind, id);
  if (!r) throw new AppError(SysconfigCodes.CONFIG_NOT_FOUND);
  const stored = (r.data as { secret?: unknown }).secret;
  const secret = typeof stored === 'string' && stored ? decryptSecret(key, stored, secretAad(kind, r.id)) : '';
  return { row: toConfigRow(r), secret };
}

/**
 * The entry of `kind` a feature should use — the first enabled one by order — with its secret
 * decrypted, or undefined when none is enabled (docs/sysconfig.md "Integration lists").
 */
export async function loadFirstEnabledConfig(tx: Tx, key: Buffer, kind: IntegrationKindValue): Promise<{ row: ConfigRow; secret: string } | undefined> {
  const first = (await repo.listAllIntegrationConfigs(tx, kind)).find((r) => r.status === 1);
  return first ? loadConfigWithSecret(tx, key, kind, first.id) : undefined;
}
