/**
 * The background sending of messages (issue 16 part M; docs/messages.md "Sending"): runs in every instance,
 * keeps its state in the database only, and survives a restart.
 *
 * 1. Due messages ('scheduled', `send_at` ≤ now) are taken one at a time with `FOR UPDATE SKIP LOCKED`; in that
 *    same transaction the recipients are resolved and one delivery per recipient is written, rendered in the
 *    recipient's language (in-site rows 'sent' at once: the inbox row is the delivery; a recipient without an
 *    e-mail address / mobile 'failed' with reason 'no_address'). A crash rolls the whole expansion back.
 * 2. Pending e-mail/SMS deliveries are claimed in batches: `UPDATE … SET lease_owner, lease_expires_at WHERE id
 *    IN (SELECT … FOR UPDATE SKIP LOCKED) RETURNING`, so two runners never take the same one. Just before the
 *    provider is called a delivery becomes 'sending' (one guarded UPDATE by this owner); after the provider
 *    accepted it, 'sent'; on refusal, 'failed' with the reason. A heartbeat renews this runner's leases.
 * 3. The sweep: a 'pending' delivery whose lease expired was never handed to a provider — any runner claims it
 *    again (none is lost). A 'sending' delivery whose lease expired may or may not have reached the provider:
 *    it becomes 'failed' with reason 'interrupted' and is never re-sent by itself (never twice); the
 *    administrator retries it by hand (`statusmessagedelivery`).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { MessageChannel, MessageContents } from '@mp/protocol';
import { rowsOf, type Tx } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import type { MessageAudience } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { mailTransport, smsProvider } from '../otc/otc.delivery.js';
import { sendMailWith } from '../sysconfig/connection-tests.js';
import { audienceRecipients } from './messages.repository.js';
import { htmlToText, pickLanguage, renderFor } from './render.js';

/**
 * Timings and sizes (ms, rows): poll for work every `pollMs` (and at once after a send or retry); a lease lasts
 * `leaseMs`, renewed every `leaseMs / 3`; the sweep runs every `sweepMs`; `batch` deliveries per claim, sent
 * `concurrency` at a time. Tests shorten them (set before the app starts).
 */
export const messageRunner = { pollMs: 1000, leaseMs: 60_000, sweepMs: 10_000, batch: 20, concurrency: 4 };

/** A claimed delivery. */
interface Claimed {
  id: string;
  channel: MessageChannel;
  address: string;
  subject: string;
  body: string;
}

/** Why a delivery failed (stored in `reason`; the console names the known ones). */
export const Reasons = { NO_ADDRESS: 'no_address', INTERRUPTED: 'interrupted', NOT_CONFIGURED: 'not_configured' } as const;

const leaseEnd = () => sql`now() + make_interval(secs => ${messageRunner.leaseMs / 1000})`;

/**
 * Resolves one due message (if any) into deliveries in one transaction; answers whether one was found. Runs in
 * the platform scope (recipients of every tenant using the application).
 */
export async function expandOneDue(tx: Tx): Promise<boolean> {
  const [m] = rowsOf<{
    id: string;
    product_id: string;
    channel: MessageChannel;
    contents: MessageContents;
    values: Record<string, string>;
    audience: MessageAudience;
    language: string;
    app_name: string;
  }>(
    await tx.execute(sql`select m.id, m.product_id, m.channel, m.contents, m."values", m.audience, m.language, p.name as app_name
      from messages m join products p on p.id = m.product_id
      where m.status = 'scheduled' and m.send_at <= now() order by m.send_at limit 1 for update of m skip locked`),
  );
  if (!m) return false;
  const recipients = await audienceRecipients(tx, m.product_id, m.audience);
  const now = new Date();
  const rows = recipients.map((r) => {
    const language = pickLanguage(m.contents, r.language, m.language);
    const values = {
      ...m.values,
      'user.name': r.employee_name || r.username,
      'user.username': r.username,
      'tenant.name': r.tenant_name,
      'app.name': m.app_name,
    };
    const text = renderFor(m.channel, m.contents, language, values);
    const address = m.channel === 'email' ? (r.email ?? '') : m.channel === 'sms' ? (r.mobile ?? '') : '';
    const status = m.channel === 'insite' ? 'sent' : address ? 'pending' : 'failed';
    return {
      id: randomUUID(),
      messageId: m.id,
      productId: m.product_id,
      tenantId: r.tenant_id,
      userId: r.id,
      channel: m.channel,
      address,
      language,
      subject: text.subject,
      body: text.body,
      sourceKind: 'message',
      sourceId: m.id,
      status,
      reason: status === 'failed' ? Reasons.NO_ADDRESS : '',
      sentAt: status === 'sent' ? now : null,
    };
  });
  // One statement per 5,000 rows, each column bound as one array (unnest): a few parameters instead of 17 per row.
  for (let i = 0; i < rows.length; i += 5000) {
    const part = rows.slice(i, i + 5000);
    const col = <K extends keyof (typeof part)[number]>(k: K) => sql.param(part.map((r) => r[k]));
    await tx.execute(sql`insert into message_deliveries (id, message_id, product_id, tenant_id, user_id, channel, address, language, subject, body, source_kind, source_id, status, reason, sent_at)
      select d.id, ${m.id}, ${m.product_id}, d.tenant_id, d.user_id, ${m.channel}, d.address, d.language, d.subject, d.body, 'message', ${m.id}, d.status, d.reason,
        case when d.status = 'sent' then now() end
      from unnest(${col('id')}::text[], ${col('tenantId')}::text[], ${col('userId')}::text[], ${col('address')}::text[], ${col('language')}::text[],
        ${col('subject')}::text[], ${col('body')}::text[], ${col('status')}::text[], ${col('reason')}::text[])
        as d(id, tenant_id, user_id, address, language, subject, body, status, reason)`);
  }
  await tx.execute(sql`update messages set status = 'sent', recipients = ${rows.length}, expanded_at = now(), updated_at = now() where id = ${m.id}`);
  return true;
}

/** Claims up to `n` pending e-mail/SMS deliveries for `owner` (unleased, or leased by a runner whose lease expired). */
export async function claimDeliveries(tx: Tx, owner: string, n: number): Promise<Claimed[]> {
  return rowsOf<Claimed>(
    await tx.execute(sql`update message_deliveries set lease_owner = ${owner}, lease_expires_at = ${leaseEnd()}, updated_at = now()
    where id in (select id from message_deliveries where status = 'pending' and (lease_expires_at is null or lease_expires_at < now())
      order by created_at limit ${n} for update skip locked)
    returning id, channel, address, subject, body`),
  );
}

/** Marks a claimed delivery 'sending' just before its provider call; false when this owner no longer holds it. */
async function markSending(tx: Tx, owner: string, id: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`update message_deliveries set status = 'sending', attempts = attempts + 1, lease_expires_at = ${leaseEnd()}, updated_at = now()
    where id = ${id} and lease_owner = ${owner} and status = 'pending' returning id`),
  );
  return rows.length > 0;
}

/**
 * Records the provider's answer: 'sent', or 'failed' with `reason`. A delivery the sweep ended 'interrupted'
 * meanwhile (its lease ran out during a slow provider call) is corrected to what really happened.
 */
async function finish(tx: Tx, owner: string, id: string, reason: string | null): Promise<void> {
  await tx.execute(sql`update message_deliveries set status = ${reason === null ? 'sent' : 'failed'}, reason = ${reason ?? ''},
    sent_at = ${reason === null ? sql`now()` : sql`null`}, lease_owner = null, lease_expires_at = null, updated_at = now()
    where id = ${id} and ((lease_owner = ${owner} and status = 'sending') or (status = 'failed' and reason = ${Reasons.INTERRUPTED}))`);
}

/**
 * The sweep: every 'sending' delivery whose lease expired becomes 'failed' / 'interrupted' (one UPDATE …
 * RETURNING, so two sweeping instances end it once). Pending ones with an expired lease need nothing: they
 * are claimable again. Answers the ended ids.
 */
export async function sweepInterrupted(tx: Tx): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`update message_deliveries set status = 'failed', reason = ${Reasons.INTERRUPTED},
    lease_owner = null, lease_expires_at = null, updated_at = now() where status = 'sending' and lease_expires_at < now() returning id`),
  );
  return rows.map((r) => r.id);
}

/** Sends one delivery through its provider; answers null (accepted) or the failure reason. */
type Sender = (d: Claimed) => Promise<string | null>;

/** Senders for a batch: the mail configuration and SMS provider are read once per batch. */
async function sendersFor(app: FastifyInstance): Promise<Sender> {
  let mail: Awaited<ReturnType<typeof mailTransport>> | string | undefined;
  let sms: Awaited<ReturnType<typeof smsProvider>> | string | undefined;
  const reasonOf = (err: unknown) =>
    err instanceof AppError
      ? err.code.endsWith('not_configured')
        ? Reasons.NOT_CONFIGURED
        : `provider: ${String(err.params.reason ?? err.code)}`
      : `provider: ${String((err as Error)?.message ?? err)}`;
  return async (d) => {
    try {
      if (!d.address) return Reasons.NO_ADDRESS;
      if (d.channel === 'email') {
        mail ??= await mailTransport(app).catch((e: unknown) => reasonOf(e));
        if (typeof mail === 'string') return mail;
        await sendMailWith(mail.row, mail.secret, {
          to: d.address,
          subject: d.subject,
          html: d.body,
          text: htmlToText(d.body),
          headers: { 'X-MP-Delivery': d.id },
        });
      } else {
        sms ??= await smsProvider(app).catch((e: unknown) => reasonOf(e));
        if (typeof sms === 'string') return sms;
        await sms.send({ mobile: d.address, code: '', minutes: 0, text: d.body });
      }
      return null;
    } catch (err) {
      return reasonOf(err).slice(0, 500);
    }
  };
}

/** One runner per app instance: `start` at ready, `kick` after new work, `stop` at close. */
export class MessageRunner {
  /** This runner's lease owner id (random per runner). */
  readonly owner = randomUUID();
  private timers: NodeJS.Timeout[] = [];
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  private db() {
    return this.app.database.db;
  }

  /** Starts polling, the heartbeat and the sweep (a sweep runs at once). */
  start(): void {
    this.stopped = false;
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => {
        void fn().catch((err: unknown) => this.app.log.warn({ err }, 'message runner'));
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(messageRunner.pollMs, async () => this.kick());
    every(Math.max(50, Math.floor(messageRunner.leaseMs / 3)), () =>
      inScope(this.db(), PLATFORM_SCOPE, (tx) =>
        tx.execute(sql`update message_deliveries set lease_expires_at = ${leaseEnd()}
      where lease_owner = ${this.owner} and status in ('pending', 'sending')`),
      ),
    );
    every(messageRunner.sweepMs, () => this.sweep());
    void this.sweep().catch((err: unknown) => this.app.log.warn({ err }, 'message sweep'));
  }

  /** Ends interrupted deliveries (see `sweepInterrupted`). */
  async sweep(): Promise<void> {
    const ended = await inScope(this.db(), PLATFORM_SCOPE, sweepInterrupted);
    if (ended.length) this.app.log.warn({ deliveryIds: ended }, 'message deliveries interrupted: their lease expired while sending');
  }

  /** Runs a pass now (or once more after the current one). Answers when the pass ends. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.stopped);
      } catch (err) {
        this.app.log.warn({ err }, 'message runner pass failed');
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Expands every due message, then sends pending deliveries batch by batch until none is left. */
  private async pass(): Promise<void> {
    while (!this.stopped && (await inScope(this.db(), PLATFORM_SCOPE, expandOneDue)));
    while (!this.stopped) {
      const batch = await inScope(this.db(), PLATFORM_SCOPE, (tx) => claimDeliveries(tx, this.owner, messageRunner.batch));
      if (!batch.length) return;
      const send = await sendersFor(this.app);
      const queue = [...batch];
      const worker = async () => {
        for (let d = queue.shift(); d && !this.stopped; d = queue.shift()) {
          if (!(await inScope(this.db(), PLATFORM_SCOPE, (tx) => markSending(tx, this.owner, d.id)))) continue;
          const reason = await send(d);
          await inScope(this.db(), PLATFORM_SCOPE, (tx) => finish(tx, this.owner, d.id, reason));
        }
      };
      await Promise.all(Array.from({ length: Math.min(messageRunner.concurrency, batch.length) }, worker));
    }
  }

  /** Stops: no new claims, waits for the provider calls under way, and releases this runner's unsent claims. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.running?.catch(() => undefined);
    await inScope(this.db(), PLATFORM_SCOPE, (tx) =>
      tx.execute(sql`update message_deliveries set lease_owner = null, lease_expires_at = null
      where lease_owner = ${this.owner} and status = 'pending'`),
    ).catch((err: unknown) => this.app.log.warn({ err }, 'message leases not released'));
  }
}
