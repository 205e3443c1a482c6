/**
 * `npx tsx bench/breakdown.ts`: where the time of a signed request goes (docs/benchmarks.md
 * "Analysis"). Builds the app in-process on a throw-away embedded database (MP_DATA_DIR in a temp
 * folder; BREAKDOWN_DB=memory for memory://), adds two probe routes that exist only here, and times
 * N sequential requests through `app.inject` (no sockets, one at a time, so each figure is the server's
 * own cost of one request in milliseconds). Prints one line per step; exits non-zero on a failed answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, inArray, sql } from 'drizzle-orm';
import { ok, Paths, randomHex } from '@mp/protocol';
import { buildApp } from '../packages/server/src/app.js';
import { inScope, PLATFORM_SCOPE } from '../packages/server/src/db/context.js';
import { codeTable } from '../packages/server/src/db/schema/index.js';
import { GuardBatcher } from '../packages/server/src/modules/session/guard-batcher.js';
import { GatewayClient } from '../packages/server/src/testing/gateway-client.js';

const N = Number(process.env.BREAKDOWN_N ?? 2000);
const memory = process.env.BREAKDOWN_DB === 'memory';
const dir = memory ? 'memory://' : mkdtempSync(join(tmpdir(), 'mp-breakdown-'));
const PASSWORD = 'Bench@2026admin';

/** Mean milliseconds of `f` over N runs after N/10 warm-up runs. */
async function time(label: string, f: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < N / 10; i++) await f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await f();
  console.log(`${label.padEnd(58)} ${(Number(process.hrtime.bigint() - t) / 1e6 / N).toFixed(3).padStart(7)} ms`);
}

const { app } = await buildApp(
  { dataDir: dir, adminUsername: 'admin', adminPassword: PASSWORD, loginCaptcha: '0', consoleDir: '/nonexistent' },
  { logger: false },
);
// Probe routes: the guard with no database work in the handler, and the handler's work with no guard.
app.post('/bench/probe/user-nodb', { config: { access: 'user' } }, async () => ok({ row: [] }));
app.post('/bench/probe/public-codetable', { config: { access: 'public' } }, async () =>
  ok({
    row: await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      tx
        .select({ codeType: codeTable.codeType, codeKey: codeTable.codeKey, codeVal: codeTable.codeVal })
        .from(codeTable)
        .where(inArray(codeTable.codeType, [1]))
        .orderBy(asc(codeTable.codeType), asc(codeTable.sort), asc(codeTable.codeKey)),
    ),
  }),
);
await app.ready();
let failed = false;
try {
  const c = await new GatewayClient(app).init();
  await c.signIn('admin', PASSWORD);
  const body = JSON.stringify([1]);
  const json = { 'content-type': 'application/json' };
  const check = async (p: Promise<{ statusCode: number; body: string }>) => {
    const r = await p;
    if (r.statusCode !== 200 || (!r.body.includes('"result":"1"') && !r.body.includes('"ok"'))) {
      failed = true;
      throw new Error(`${r.statusCode} ${r.body.slice(0, 200)}`);
    }
  };
  const { db } = app.database;
  console.log(`database: ${memory ? 'memory://' : 'PGlite on disk'}, ${N} sequential requests per line`);
  await time('client: build signed headers (SM3)', async () => c.headersFor('POST', body));
  await time('inject GET /healthz (Fastify alone)', () => check(app.inject({ method: 'GET', url: '/healthz' })));
  await time('db: select 1 (drizzle)', () => db.execute(sql`select 1`));
  const batcher = new GuardBatcher(db);
  await time('db: guard statement (nonce insert + session read), one request per batch', () =>
    batcher.check(randomHex(16), new Date(Date.now() + 300_000), 'none'),
  );
  await time('db: inScope transaction with the code-table select', () =>
    inScope(db, PLATFORM_SCOPE, (tx) =>
      tx
        .select()
        .from(codeTable)
        .where(inArray(codeTable.codeType, [1])),
    ),
  );
  await time('db: the code-table select without a transaction', () =>
    db
      .select()
      .from(codeTable)
      .where(inArray(codeTable.codeType, [1])),
  );
  await time("inject public route doing the handler's transaction", () =>
    check(app.inject({ method: 'POST', url: '/bench/probe/public-codetable', headers: json, payload: body })),
  );
  await time('inject signed user route, no database in the handler', () =>
    check(app.inject({ method: 'POST', url: '/bench/probe/user-nodb', headers: c.headersFor('POST', body), payload: body })),
  );
  await time('inject querycodetablelist (scenario b)', () =>
    check(app.inject({ method: 'POST', url: Paths.querycodetablelist, headers: c.headersFor('POST', body), payload: body })),
  );
} catch (err) {
  console.error(`breakdown failed: ${(err as Error).message}`);
  failed = true;
} finally {
  await app.close();
  if (!memory) rmSync(dir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
