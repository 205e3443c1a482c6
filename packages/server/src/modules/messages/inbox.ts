/**
 * The in-site inbox (issue 16; SPEC §1 "my message"; docs/messages.md "In-site messages"): in-site
 * deliveries (`message_deliveries`, channel 'insite') are a user's messages. `sendInSite` is the one way other
 * modules (the approval workflow) tell users something; the messages module's own sending writes the same rows.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

/** Longest subject and body kept by `sendInSite` (longer texts are cut; the console shows them as plain text). */
export const INSITE_LIMITS = { subject: 200, body: 4000 } as const;

/** What `sendInSite` writes: a plain-text message to users of one tenant, named by its source. */
export interface InSiteMessage {
  /** The application it is about (its messages list in the application area), or null for the platform. */
  productId: string | null;
  tenantId: string;
  userIds: string[];
  subject: string;
  /** Plain text: escaped on display, never interpreted as HTML. */
  body: string;
  /** What sent it, e.g. `{ kind: 'workflow', id: <request id> }` (kind ≤ 40, id ≤ 100 characters). */
  source: { kind: string; id: string };
}

/**
 * Writes one unread in-site message (status 'sent') per distinct user of `m.userIds` who is a user of
 * `m.tenantId` (other ids are skipped), inside the caller's transaction `tx` (any scope that sees the tenant:
 * row-level security refuses another tenant's rows). Answers how many were written. One statement.
 */
export async function sendInSite(tx: Tx, m: InSiteMessage): Promise<number> {
  const ids = [...new Set(m.userIds)];
  if (!ids.length) return 0;
  const subject = m.subject.slice(0, INSITE_LIMITS.subject);
  const body = m.body.slice(0, INSITE_LIMITS.body);
  let written = 0;
  for (let i = 0; i < ids.length; i += 5000) {
    const chunk = ids.slice(i, i + 5000);
    const rows = await tx.execute(sql`
      insert into message_deliveries (id, message_id, product_id, tenant_id, user_id, channel, language, subject, body, source_kind, source_id, status, sent_at)
      select gen_random_uuid()::text, null, ${m.productId}, users.tenant_id, users.id, 'insite', coalesce(l.language, 'ZH_CN'), ${subject}, ${body},
        ${m.source.kind.slice(0, 40)}, ${m.source.id.slice(0, 100)}, 'sent', now()
      from users left join user_languages l on l.user_id = users.id
      where ${and(eq(users.tenantId, m.tenantId), inArray(users.id, chunk))}
      returning 1`);
    written += rowsOf(rows).length;
  }
  return written;
}
