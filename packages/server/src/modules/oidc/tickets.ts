/**
 * Hand-off tickets from the console's login page to the provider (SPEC §4 Login flow "the browser goes
 * to a central code endpoint … with sessionId"; docs/oidc.md "Hand-off"). The bearer token never travels
 * in an address: after sign-in the console asks for a ticket (`POST /gateway/auth/auth/login/ssoticket`,
 * signed, with the session) and sends the browser to the code endpoint with `sessionId=<ticket>`.
 * A ticket is 32 random bytes (base64url), stored only as its SHA-256 in `one_time_codes` (purpose
 * 'sso_ticket', subject = the platform session id), good for one use within TICKET_TTL_MS.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema/index.js';

export const TICKET_PURPOSE = 'sso_ticket';
/** Lifetime of a ticket: the browser uses it at once. */
export const TICKET_TTL_MS = 60_000;

const hashTicket = (ticket: string) => createHash('sha256').update(ticket, 'utf8').digest('hex');

/** Issues a ticket for platform session `sessionId` of `userId`; returns the ticket (shown once). */
export async function issueTicket(tx: Tx, s: { sessionId: string; userId: string; tenantId: string }): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_TTL_MS);
  await tx.insert(oneTimeCodes).values({
    id: randomUUID(),
    purpose: TICKET_PURPOSE,
    subject: s.sessionId,
    userId: s.userId,
    tenantId: s.tenantId,
    codeHash: hashTicket(ticket),
    expiresAt,
  });
  return { ticket, expiresAt };
}

/**
 * Consumes a ticket: marks it used and answers the platform session and user it names, or undefined
 * when it is unknown, used or expired. One statement, so two uses at once cannot both succeed.
 */
export async function consumeTicket(db: Db | Tx, ticket: string): Promise<{ sessionId: string; userId: string; tenantId: string } | undefined> {
  if (!ticket || ticket.length > 200) return undefined;
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashTicket(ticket)),
        eq(oneTimeCodes.purpose, TICKET_PURPOSE),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, new Date()),
      ),
    )
    .returning({ sessionId: oneTimeCodes.subject, userId: oneTimeCodes.userId, tenantId: oneTimeCodes.tenantId });
  return row;
}
