/**
 * Licence management and system activation (SPEC §1 "system activation by a code with an expiry", §4
 * "Activation code expires; a warning shows the days left", §5 "Activation code required"): the standing
 * with days left, limits and usage; activation of a verified code (one transaction, audited); the history.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LICENCE_RULES, LicenceCodes, pageInfo, type LicenceLimits, type LicenceListBody, type LicenceRow, type LicenceStatus, type Paged } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { insertAuditEntry } from '../audit/audit.repository.js';
import { normaliseCode, verifyLicence } from './licence-code.js';
import { daysLeft, readLicenceStanding } from './licence.limits.js';
import * as repo from './licence.repository.js';

function limitsOf(l: unknown): LicenceRow['limits'] {
  const v = (l ?? {}) as LicenceLimits;
  return { maxTenants: v.maxTenants ?? null, maxUsers: v.maxUsers ?? null };
}

/** First 16 hex characters of the code's SHA-256: tells codes apart without answering them. */
export function fingerprint(code: string): string {
  return createHash('sha256').update(normaliseCode(code)).digest('hex').slice(0, 16);
}

/** The serial number inside a stored (already verified) code; '' when it cannot be read. */
function serialOf(code: string): string {
  try {
    return String(JSON.parse(Buffer.from(code.split('.')[0] ?? '', 'base64url').toString('utf8')).id ?? '');
  } catch {
    return '';
  }
}

/** The API shape of an activation. */
export function toLicenceRow(r: repo.LicenceRecord): LicenceRow {
  return {
    id: r.id,
    serial: serialOf(r.code),
    customer: r.customer,
    issuedAt: r.issuedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    limits: limitsOf(r.limits),
    active: r.active,
    fingerprint: fingerprint(r.code),
    activatedBy: r.activatedBy,
    activatedAt: r.activatedAt.toISOString(),
  };
}

/** How the system stands now: state, dates, days left, warning flag, limits and usage (`getlicence`). */
export async function getLicenceStatus(tx: Tx, now = Date.now()): Promise<LicenceStatus> {
  const s = await readLicenceStanding(tx, now);
  const left = daysLeft(s.expiresAt, now);
  const [tenants, users] = [await repo.countLicensedTenants(tx), await repo.countLicensedUsers(tx)];
  return {
    state: s.state,
    serial: s.licence ? serialOf(s.licence.code) : '',
    customer: s.licence?.customer ?? '',
    issuedAt: s.startsAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    daysLeft: left,
    warn: s.state === 'expired' || s.state === 'trial_ended' || left < LICENCE_RULES.warnDays,
    limits: limitsOf(s.limits),
    usage: { tenants, users },
    activatedBy: s.licence?.activatedBy ?? '',
    activatedAt: s.licence?.activatedAt.toISOString() ?? '',
  };
}

/**
 * Verifies `code` offline and makes it the licence in force (earlier activations stay in the history,
 * inactive). Errors: `licence.code_required`, `licence.malformed`, `licence.signature_invalid`,
 * `licence.code_expired`, `licence.not_yet_valid`, `licence.already_active`; nothing is stored then.
 * A licence whose limits are below the current usage is accepted (existing records stay); additions are
 * refused until usage is back under the limits.
 */
export async function activateLicence(tx: Tx, request: FastifyRequest, code: string): Promise<LicenceStatus> {
  const text = normaliseCode(code ?? '');
  if (!text) throw new AppError(LicenceCodes.LICENCE_CODE_REQUIRED);
  const payload = verifyLicence(text);
  const before = await repo.findLicenceInForce(tx);
  if (before && normaliseCode(before.code) === text) throw new AppError(LicenceCodes.LICENCE_ALREADY_ACTIVE);
  await repo.deactivateLicences(tx);
  const row = await repo.insertLicence(tx, {
    id: randomUUID(),
    code: text,
    customer: payload.customer,
    issuedAt: new Date(payload.issued),
    expiresAt: new Date(payload.expires),
    limits: {
      ...(payload.limits.maxTenants !== undefined ? { maxTenants: payload.limits.maxTenants } : {}),
      ...(payload.limits.maxUsers !== undefined ? { maxUsers: payload.limits.maxUsers } : {}),
    },
    active: true,
    activatedBy: request.auth?.username ?? '',
  });
  await insertAuditEntry(tx, request, {
    tenantId: 'sys',
    action: 'licence.activate',
    entity: 'licence',
    entityId: row.id,
    before: before ? toLicenceRow({ ...before, active: false }) : null,
    after: toLicenceRow(row),
  });
  return getLicenceStatus(tx);
}

/** One page of the activation history (`listlicence`), newest first. */
export async function listLicencePage(tx: Tx, q: LicenceListBody): Promise<Paged<LicenceRow>> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, records } = await repo.listLicences(tx, { ...q, page, pageSize });
  return { rows: rows.map(toLicenceRow), ...pageInfo(page, pageSize, records) };
}
