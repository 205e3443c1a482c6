/**
 * The one-time code engine (issue 4; docs/codes.md "Codes"): random codes (6 digits from
 * crypto.randomInt, or 32 random bytes base64url for recovery flags and MFA tickets), kept only as
 * HMAC-SHA-256 under a key derived from the deployment's secret key (settings), with an expiry, single
 * use, at most OTC_RULES.maxAttempts wrong tries, and a newer code superseding older ones of the same
 * purpose and subject.
 *
 * Checks never throw: they answer an outcome, so the caller commits the counted wrong try before it
 * raises the refusal (a rolled-back transaction would forget it).
 */
import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OTC_RULES } from '@mp/protocol';
import type { Tx } from '../../db/client.js';
import {
  consumeOneTimeCode,
  countWrongTries,
  findOneTimeCodeById,
  insertOneTimeCode,
  listLiveOneTimeCodes,
  supersedeOneTimeCodes,
  sweepOneTimeCodes,
  type OneTimeCodeRow,
} from './otc.repository.js';

/** What a code is for (column `purpose`). */
export type OtcPurpose = 'login_email' | 'login_mobile' | 'mfa_email' | 'mfa_mobile' | 'mfa_ticket' | 'reset' | 'profile_email' | 'profile_mobile';

/** The outcome of a check: the matching row, or why not ('invalid' covers wrong, expired, used, superseded). */
export type CheckOutcome = { ok: true; row: OneTimeCodeRow } | { ok: false; reason: 'invalid' | 'too_many' };

/** Keyed by the settings service: shared by every plugin context of one app (contexts are different objects). */
const keys = new WeakMap<object, Buffer>();

/** The HMAC key of codes: derived from the secret-encryption key in settings (never stored itself). */
async function hmacKey(app: FastifyInstance): Promise<Buffer> {
  let key = keys.get(app.settings);
  if (!key) {
    key = createHmac('sha256', await app.settings.secretKey())
      .update('mp3:one-time-codes')
      .digest();
    keys.set(app.settings, key);
  }
  return key;
}

/**
 * Loads the HMAC key once (at start and before each transaction of this module): reading settings
 * inside a transaction would wait on it with PGlite's single connection.
 */
export async function otcReady(app: FastifyInstance): Promise<void> {
  await hmacKey(app);
}

/** HMAC-SHA-256 of a code bound to its purpose and subject, hex. */
export async function hashCode(app: FastifyInstance, purpose: string, subject: string, code: string): Promise<string> {
  return createHmac('sha256', await hmacKey(app))
    .update(`${purpose}\n${subject}\n${code}`)
    .digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A new 6-digit code (uniform, leading zeros kept). */
export function newDigitCode(): string {
  return String(randomInt(0, 10 ** OTC_RULES.code.length)).padStart(OTC_RULES.code.length, '0');
}

/** A new high-entropy flag: 32 random bytes, base64url (43 characters). */
export function newFlag(): string {
  return randomBytes(32).toString('base64url');
}

export interface IssueInput {
  purpose: OtcPurpose;
  /** The address or user the code is for (lower-cased by the caller where case does not matter). */
  subject: string;
  userId: string;
  tenantId: string;
  ttlMs: number;
  /** 'digits' for codes a person types, 'flag' for links and tickets. */
  kind: 'digits' | 'flag';
  /** Supersede only this user's earlier codes of the subject (several tenants may share a user name). */
  supersedeOwnOnly?: boolean;
}

/**
 * Issues a code in `tx`: supersedes the earlier live ones, stores only the hash, and answers the
 * plain code (to deliver) with the row id.
 */
export async function issueCode(app: FastifyInstance, tx: Tx, input: IssueInput, now = new Date()): Promise<{ id: string; code: string }> {
  const code = input.kind === 'digits' ? newDigitCode() : newFlag();
  const id = randomUUID();
  await sweepOneTimeCodes(tx, now);
  await supersedeOneTimeCodes(tx, input.purpose, input.subject, now, input.supersedeOwnOnly ? input.userId : undefined);
  await insertOneTimeCode(tx, {
    id,
    purpose: input.purpose,
    subject: input.subject,
    userId: input.userId,
    tenantId: input.tenantId,
    codeHash: await hashCode(app, input.purpose, input.subject, code),
    expiresAt: new Date(now.getTime() + input.ttlMs),
  });
  return { id, code };
}

/**
 * Checks `code` against the live codes of `purpose` + `subject`. A match answers the row (consumed when
 * `consume`); a miss counts one wrong try on each live code (a code reaching the limit dies).
 */
export async function checkCode(
  app: FastifyInstance,
  tx: Tx,
  purpose: OtcPurpose,
  subject: string,
  code: string,
  o: { consume: boolean },
  now = new Date(),
): Promise<CheckOutcome> {
  const live = await listLiveOneTimeCodes(tx, purpose, subject, now);
  const hash = await hashCode(app, purpose, subject, code);
  const match = live.find((r) => sameHash(r.codeHash, hash));
  if (match) {
    if (o.consume && !(await consumeOneTimeCode(tx, match.id, now))) return { ok: false, reason: 'invalid' };
    return { ok: true, row: match };
  }
  const counted = await countWrongTries(
    tx,
    live.map((r) => r.id),
    OTC_RULES.maxAttempts,
    now,
  );
  const newest = live[0] && counted.find((r) => r.id === live[0]!.id);
  return { ok: false, reason: newest && newest.attempts >= OTC_RULES.maxAttempts ? 'too_many' : 'invalid' };
}

/**
 * A ticket is `<row id>.<flag>`: looked up by its id, verified by the hash of the flag (tickets have no
 * public subject to search by). Answers the live row or undefined.
 */
export async function checkTicket(app: FastifyInstance, tx: Tx, ticket: string, now = new Date()): Promise<OneTimeCodeRow | undefined> {
  const [id, flag] = ticket.split('.');
  if (!id || !flag || !/^[0-9a-f-]{36}$/.test(id)) return undefined;
  const row = await findOneTimeCodeById(tx, id);
  if (!row || row.purpose !== 'mfa_ticket' || row.usedAt || row.expiresAt <= now) return undefined;
  return sameHash(row.codeHash, await hashCode(app, row.purpose, row.subject, flag)) ? row : undefined;
}

/** Issues a ticket for a pending MFA sign-in of `userId`; answers `<id>.<flag>`. */
export async function issueTicket(app: FastifyInstance, tx: Tx, user: { id: string; tenantId: string }, ttlMs: number, now = new Date()): Promise<string> {
  const { id, code } = await issueCode(
    app,
    tx,
    { purpose: 'mfa_ticket', subject: user.id, userId: user.id, tenantId: user.tenantId, ttlMs, kind: 'flag' },
    now,
  );
  return `${id}.${code}`;
}

export { consumeOneTimeCode };
