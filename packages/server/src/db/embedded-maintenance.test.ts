/**
 * The embedded database's maintenance (embedded-maintenance.ts): on a migrated main database, call records written
 * after the BRIN index was created leave page ranges unsummarised; one run summarises them all (a second finds
 * none) and refreshes the planner statistics.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from './client.js';
import { maintainEmbedded, type MaintainedClient } from './embedded-maintenance.js';
import { embeddedClient } from '../modules/calllogs/calllogs.records.js';

describe('maintainEmbedded', () => {
  it('summarises every BRIN index and analyses the tables of the main embedded database', async () => {
    const main = await openDatabase({ dataDir: 'memory://' });
    try {
      // 20,000 call records fill more than one BRIN page range (128 pages)
      await main.db.execute(sql`insert into call_logs (at, method, api, status, latency_ms, caller_type)
        select now() - (i || ' seconds')::interval, 'GET', '/gateway/x' || i, 200, 1, 'anonymous' from generate_series(1, 20000) i`);
      const client = embeddedClient(main.db) as unknown as MaintainedClient;
      expect(await maintainEmbedded(client)).toBeGreaterThan(0);
      expect(await maintainEmbedded(client)).toBe(0);
      const [stats] = rowsOf<{ n: number }>(await main.db.execute(sql`select reltuples::int as n from pg_class where relname = 'call_logs'`));
      expect(stats!.n).toBe(20000);
    } finally {
      await main.close();
    }
  });
});
