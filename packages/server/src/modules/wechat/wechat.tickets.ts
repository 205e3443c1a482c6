/**
 * The QR tickets of WeChat sign-in (table wechat_login_tickets, migration 0033; docs/wechat-signin.md):
 * two random secrets per ticket — the poller's `ticket` and the QR code's `state` — stored only as
 * SHA-256 hashes. Every status change is one conditional UPDATE, so two callbacks or two polls of the
 * same ticket cannot both win. All functions run in the caller's platform-scope transaction.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { wechatLoginTickets } from '../../db/schema/index.js';

export type TicketRecord = typeof wechatLoginTickets.$inferSelect;

/** SHA-256 (hex) of a ticket or state. */
export function secretHash(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 32 random bytes, base64url (43 characters). */
function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Opens a ticket for configuration `configId` of WeChat type `wxType`, valid `ttlMs`; answers the two
 * secrets in plain (the only time they exist outside a hash). Deletes tickets that expired an hour ago.
 */
export async function insertTicket(
  tx: Tx,
  t: { configId: string; wxType: number; tenantHint: string; ip: string; ttlMs: number },
): Promise<{ ticket: string; state: string; expiresAt: Date }> {
  const now = new Date();
  await tx.delete(wechatLoginTickets).where(lt(wechatLoginTickets.expiresAt, new Date(now.getTime() - 3_600_000)));
  const ticket = newSecret();
  const state = newSecret();
  const expiresAt = new Date(now.getTime() + t.ttlMs);
  await tx.insert(wechatLoginTickets).values({
    id: randomUUID(),
    ticketHash: secretHash(ticket),
    stateHash: secretHash(state),
    configId: t.configId,
    wxType: t.wxType,
    tenantHint: t.tenantHint,
    ip: t.ip.slice(0, 100),
    createdAt: now,
    expiresAt,
  });
  return { ticket, state, expiresAt };
}

/** The ticket of the poller's secret, locked for this transaction (FOR UPDATE), or undefined. */
export async function lockTicketBySecret(tx: Tx, ticket: string): Promise<TicketRecord | undefined> {
  const [row] = await tx
    .select()
    .from(wechatLoginTickets)
    .where(eq(wechatLoginTickets.ticketHash, secretHash(ticket)))
    .for('update');
  return row;
}

/**
 * Marks the waiting, unexpired ticket of `state` scanned; answers it, or undefined when the state is
 * unknown, expired or already scanned (a reused QR code).
 */
export async function markScanned(tx: Tx, state: string, now = new Date()): Promise<TicketRecord | undefined> {
  const [row] = await tx
    .update(wechatLoginTickets)
    .set({ status: 'scanned', scannedAt: now })
    .where(
      and(
        eq(wechatLoginTickets.stateHash, secretHash(state)),
        eq(wechatLoginTickets.status, 'waiting'),
        sql`${wechatLoginTickets.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** Records the scanner's WeChat id: status 'identified', usable until `expiresAt` (the binding form's time). */
export async function markIdentified(tx: Tx, id: string, wxAccount: string, expiresAt: Date): Promise<void> {
  await tx.update(wechatLoginTickets).set({ status: 'identified', wxAccount, expiresAt }).where(eq(wechatLoginTickets.id, id));
}

/** Records why the scan failed (status 'failed'); the next poll answers the error. */
export async function markFailed(tx: Tx, id: string, error: { code: string; params?: Record<string, unknown> }): Promise<void> {
  await tx.update(wechatLoginTickets).set({ status: 'failed', error }).where(eq(wechatLoginTickets.id, id));
}

/** Uses the ticket up (status 'done'): a later poll or bind finds it invalid. */
export async function markUsed(tx: Tx, id: string, now = new Date()): Promise<void> {
  await tx.update(wechatLoginTickets).set({ status: 'done', usedAt: now }).where(eq(wechatLoginTickets.id, id));
}

/** Counts one wrong password on the binding form; answers the new count. */
export async function countBindFailure(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(wechatLoginTickets)
    .set({ bindFailures: sql`${wechatLoginTickets.bindFailures} + 1` })
    .where(eq(wechatLoginTickets.id, id))
    .returning({ n: wechatLoginTickets.bindFailures });
  return row?.n ?? 0;
}
