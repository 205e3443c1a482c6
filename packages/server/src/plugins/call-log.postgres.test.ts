/**
 * The call recorder's batch write (plugins/call-log.ts: COPY on PGlite, twelve arrays unnested into rows on
 * PostgreSQL) on PGlite and on
 * PostgreSQL when MP_TEST_DATABASE_URL names a server (testing/postgres-server.ts): real signed calls are
 * recorded with their tenant, caller and status, and records without a tenant or application (NULL in the
 * arrays) are written too. A flush that fails only logs, so the rows themselves are what this checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Paths } from '@mp/protocol';
import { rowsOf } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { testAppTargets } from '../testing/postgres-admin.js';
import { ADMIN_PASSWORD, type testApp } from '../testing/test-app.js';
import { callLogRecorder, insertCallRecords } from './call-log.js';

for (const { label, open } of testAppTargets('mp_calllog')) {
  describe(`${label}: recording gateway calls`, () => {
    let t: Awaited<ReturnType<typeof testApp>>;
    let close = async () => {};
    beforeAll(async () => {
      ({ t, close } = await open());
    }, 120_000);
    afterAll(async () => {
      await close();
    });

    const rows = (api: string) =>
      inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) =>
        rowsOf<{ tenant_id: string | null; product_id: string | null; status: number; caller_name: string; latency_ms: number; at: string }>(
          await tx.execute(sql`select tenant_id, product_id, status, caller_name, latency_ms, at from call_logs where api = ${api}`),
        ),
      );

    it('writes the calls of a signed-in administrator with their tenant, caller and status', async () => {
      const recorder = callLogRecorder(t.app);
      expect(recorder).toBeDefined();
      const c = await t.client();
      await c.signIn('admin', ADMIN_PASSWORD);
      for (let i = 0; i < 5; i++) expect((await c.post(Paths.listtenant, { page: 1, pageSize: 10 })).body.result).toBe('1');
      await recorder!.flush();
      const written = await rows(Paths.listtenant);
      expect(written).toHaveLength(5);
      expect(written.every((r) => r.status === 200 && r.caller_name === 'admin' && r.tenant_id === 'sys' && r.latency_ms >= 0)).toBe(true);
    });

    it('writes records without a tenant or application (NULL array elements / \\N) and any characters in one statement', async () => {
      const at = Date.now();
      await insertCallRecords(
        t.app.database.db,
        [0, 1, 2].map((i) => ({
          at: at + i,
          tenantId: i === 1 ? 'sys' : null,
          productId: null,
          method: 'GET',
          api: '/gateway/pg-arrays',
          status: 200 + i,
          code: i ? '' : '1',
          latencyMs: 1.5 * i,
          callerType: 'anonymous' as const,
          callerId: '',
          callerName: `it's "quoted"\t\\N\\ \n\r${i}`,
          requestId: `req-${i}`,
        })),
      );
      const written = await rows('/gateway/pg-arrays');
      expect(written.map((r) => r.status).sort()).toEqual([200, 201, 202]);
      expect(written.filter((r) => r.tenant_id === null)).toHaveLength(2);
      // COPY's text format on PGlite: tab, newline, carriage return, backslash and a literal \N survive
      expect(written.map((r) => r.caller_name).sort()).toEqual([0, 1, 2].map((i) => `it's "quoted"\t\\N\\ \n\r${i}`));
    });
  });
}
