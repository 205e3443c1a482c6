/**
 * Test helpers of message sending (tests and the benchmark only): a local SMTP server that records each mail's
 * delivery id (header X-MP-Delivery) and can be slowed down, a seeded application with `n` e-mail recipients,
 * and a message inserted directly as due at a given time.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { messages, products, tenantProducts, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, createTenantRow } from '../../testing/test-app.js';
import { GatewayClient } from '../../testing/gateway-client.js';
import { configureMail } from '../otc/otc.testing.js';

/** An SMTP server counting deliveries: `seen` maps a delivery id to how many mails carried it. */
export interface CountingSmtp {
  port: number;
  seen: Map<string, number>;
  close(): Promise<void>;
}

/** Starts a counting SMTP server on 127.0.0.1; each mail is accepted after `delayMs`. */
export async function startCountingSmtp(delayMs = 0): Promise<CountingSmtp> {
  const seen = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, _session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => {
        raw += d.toString('utf8');
      });
      stream.on('end', () =>
        setTimeout(() => {
          const id = /x-mp-delivery:\s*(\S+)/i.exec(raw)?.[1] ?? '?';
          seen.set(id, (seen.get(id) ?? 0) + 1);
          cb();
        }, delayMs),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.server.address() as { port: number }).port, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * Seeds an application used by one tenant with `n` users (e-mail `mu<i>@example.org`, in a root-less tenant:
 * all are its users) and points the platform mail configuration at `smtpPort`. Answers the ids.
 */
export async function seedRecipients(
  app: FastifyInstance,
  n: number,
  smtpPort: number,
  code = 'mbench',
): Promise<{ productId: string; tenantId: string; userIds: string[] }> {
  const productId = randomUUID();
  const tenantId = await createTenantRow(app, code);
  const userIds = Array.from({ length: n }, () => randomUUID());
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await tx.insert(products).values({
      id: productId,
      code,
      name: code.toUpperCase(),
      abbreviation: code,
      version: 'V1',
      callbackUrl: `https://${code}.example.com/cb`,
      department: 'IT',
      ownerName: 'O',
      ownerEmail: 'o@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Ops',
    });
    await tx.insert(tenantProducts).values({ tenantId, productId, version: 'V1' });
    for (let i = 0; i < n; i += 1000) {
      await tx.insert(users).values(
        userIds.slice(i, i + 1000).map((id, k) => ({
          id,
          tenantId,
          username: `${code}_u${i + k}`,
          employeeName: `User ${i + k}`,
          email: `mu${i + k}@example.org`,
          passwordHash: 'x',
        })),
      );
    }
  });
  const admin = await new GatewayClient(app).init();
  await admin.signIn('admin', ADMIN_PASSWORD);
  await configureMail(admin, smtpPort);
  return { productId, tenantId, userIds };
}

/** Inserts a free-text message of `channel` to `userIds`, due `inMs` from now (status 'scheduled'). Answers its id. */
export async function insertDueMessage(
  app: FastifyInstance,
  productId: string,
  userIds: string[],
  channel: 'email' | 'insite' | 'sms',
  inMs = 0,
): Promise<string> {
  const id = randomUUID();
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(messages).values({
      id,
      productId,
      channel,
      subject: 'Bulk',
      contents: { ZH_CN: { subject: 'Bulk {{user.username}}', body: 'Hello {{user.name}}' } },
      audience: { userIds, orgs: [], roleIds: [] },
      sendAt: new Date(Date.now() + inMs),
      status: 'scheduled',
    }),
  );
  return id;
}
