/**
 * Sending survives a killed process (docs/messages.md "Sending"): a child process (tsx) opens the app on a
 * temporary PGlite folder and sends 40 e-mails to a slow local SMTP server (300 ms per mail, two at a time,
 * batches of 10); it is killed with SIGKILL after a few mails arrived, while deliveries are leased and some are
 * with the SMTP server. A new instance on the same folder finishes the work. No delivery reached the SMTP server
 * twice, none stays pending, every delivery the SMTP server did not get is 'sent' by the new instance or — only
 * those the dead process had handed to the server ('sending' when it died: a mail cut off mid-transfer reaches
 * the server's count never, yet may have left) — 'failed' / 'interrupted' (retried by hand).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { messageDeliveries } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import { until } from './messages.fixtures.js';
import { insertDueMessage, seedRecipients, startCountingSmtp } from './messages.testing.js';
import { messageRunner } from './runner.js';

const SRC = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const ROOT = resolve(SRC, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'mp-messages-killed-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const TIMINGS = { pollMs: 100, leaseMs: 1500, sweepMs: 200, batch: 10, concurrency: 2 };

const CHILD = `
import { buildApp } from ${JSON.stringify(join(SRC, 'app.ts'))};
import { messageRunner } from ${JSON.stringify(join(SRC, 'modules/messages/runner.ts'))};
Object.assign(messageRunner, ${JSON.stringify(TIMINGS)});
setInterval(() => {}, 1000);
const { app } = await buildApp({ dataDir: process.env.MSG_DIR, adminUsername: 'admin', adminPassword: 'Admin@2026x', loginCaptcha: '0', consoleDir: '/nonexistent' }, { logger: false });
await app.ready();
console.log('READY');
`;

describe('sending when the process is killed mid-batch', () => {
  it('sends no delivery twice and loses none', async () => {
    const smtp = await startCountingSmtp(300);
    const data = join(dir, 'data');
    let messageId = '';
    {
      const t = await testApp({ dataDir: data });
      const seed = await seedRecipients(t.app, 40, smtp.port, 'mkill');
      messageId = await insertDueMessage(t.app, seed.productId, seed.userIds, 'email', 4_000); // due after this instance stopped
      await t.close();
    }
    const script = join(dir, 'child.mts');
    writeFileSync(script, CHILD);
    const proc = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env: { ...process.env, MSG_DIR: data }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    proc.stdout!.on('data', (d: Buffer) => {
      out += d;
    });
    proc.stderr!.on('data', (d: Buffer) => {
      out += d;
    });
    const exited = new Promise((res) => proc.once('exit', res));
    try {
      await until(async () => smtp.seen.size >= 5, 90_000);
    } catch {
      throw new Error(`the child sent nothing: ${out}`);
    }
    proc.kill('SIGKILL');
    await exited;
    const atKill = new Map(smtp.seen);
    await new Promise((r) => setTimeout(r, 700)); // mails the SMTP server had already received finish
    // handed over: what the SMTP server got, and what the dead process had marked 'sending' (read before any
    // runner opens the folder again) — a mail cut off mid-transfer is the second kind only
    const stopped = await openDatabase({ ...loadConfig({ ...process.env, MP_DATA_DIR: data, DATABASE_URL: '' }), dataDir: data });
    const sendingAtKill = await inScope(stopped.db, PLATFORM_SCOPE, (tx) =>
      tx.select({ id: messageDeliveries.id, status: messageDeliveries.status }).from(messageDeliveries).where(eq(messageDeliveries.messageId, messageId)),
    ).finally(() => stopped.close());
    const handedOver = new Set([...smtp.seen.keys(), ...sendingAtKill.filter((d) => d.status === 'sending').map((d) => d.id)]);

    Object.assign(messageRunner, TIMINGS);
    const t = await testApp({ dataDir: data });
    try {
      const rows = () =>
        inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(messageDeliveries).where(eq(messageDeliveries.messageId, messageId)));
      await until(async () => (await rows()).every((d) => d.status === 'sent' || d.status === 'failed'), 60_000);
      const final = await rows();
      expect(final).toHaveLength(40);
      expect([...smtp.seen.values()].every((n) => n === 1)).toBe(true); // never twice
      const interrupted = final.filter((d) => d.status === 'failed');
      for (const d of interrupted) {
        expect(d.reason).toBe('interrupted');
        expect(d.attempts).toBe(1);
      }
      expect(interrupted.length).toBeLessThanOrEqual(TIMINGS.concurrency);
      for (const d of final.filter((x) => x.status === 'sent')) expect(smtp.seen.get(d.id)).toBe(1);
      // none lost: every delivery the dead process never handed over was sent by the new instance
      for (const d of final) if (!handedOver.has(d.id)) expect(d.status).toBe('sent');
      console.info(`killed after ${atKill.size} mails; ${interrupted.length} interrupted, ${final.length - interrupted.length} sent once`);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 240_000);
});
