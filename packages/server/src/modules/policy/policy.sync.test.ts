/**
 * `sync/syncbydate` (SPEC §7; docs/applications.md "Sync") on PGlite and on the test run's PostgreSQL:
 * the changes of the calling client's application (its design, its grants, and membership / role /
 * user changes of tenants using it), each once and in order, paged with the cursor; the permissions
 * answer's cursor; refused cursors; retention. On PostgreSQL also the cursor-safety proof: a
 * transaction that commits after a later one is still delivered, and nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PolicyCodes, PolicyPaths, type PolicyChange, type PolicyPermissions, type PolicySyncPage } from '@mp/protocol';
import { testAppTargets, type TestAppTarget } from '../../testing/postgres-admin.js';
import { encodeCursor } from './policy.cursor.js';
import { sweepPolicyChanges } from './policy.repository.js';
import { policyWorld, type PolicyWorld } from './policy.fixtures.js';

const DAY = 24 * 60 * 60 * 1000;

function sync(label: string, open: TestAppTarget['open']) {
  describe(`${label}: sync/syncbydate`, () => {
    let w: PolicyWorld;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const o = await open();
      close = o.close;
      w = await policyWorld(o.t);
    }, 60_000);
    afterAll(async () => {
      await close();
    });

    const page = (body: Record<string, unknown>, auth = w.asA) => w.call<PolicySyncPage>(PolicyPaths.syncbydate, body, auth);
    /** Every change after `cursor` (all pages), and the final cursor. */
    async function drain(cursor?: string, auth = w.asA, limit = 1000): Promise<{ changes: PolicyChange[]; cursor: string; pages: number }> {
      const changes: PolicyChange[] = [];
      let pages = 0;
      for (;;) {
        const r = await page({ ...(cursor ? { cursor } : {}), limit }, auth);
        expect(r.body.result, r.body.scode).toBe('1');
        pages += 1;
        changes.push(...r.body.data.changes);
        cursor = r.body.data.cursor;
        if (!r.body.data.hasMore) return { changes, cursor, pages };
      }
    }
    const db = () => w.app.database.db;

    it("from the start: the application's design, grants and subscriptions, and membership of tenants using it; nothing of B or of tenants without A", async () => {
      const { changes } = await drain();
      const aItems = new Set([
        w.ids.sales,
        w.ids.orders,
        w.ids.reports,
        w.ids.hidden,
        w.ids.page,
        w.ids.form,
        w.ids.approve,
        w.ids.note,
        w.ids.list,
        w.ids.del,
      ]);
      const design = changes.filter((c) => ['menu', 'page', 'control', 'api'].includes(c.kind));
      expect(design.length).toBeGreaterThanOrEqual(aItems.size);
      expect(design.every((c) => aItems.has(c.subjectId) && c.tenantId === null)).toBe(true);
      expect(changes.filter((c) => c.kind === 'grant').every((c) => c.tenantId === w.acme && [w.ids.clerk, w.ids.manager, w.ids.off].includes(c.roleId!))).toBe(
        true,
      );
      expect(changes.some((c) => c.kind === 'subscription' && c.tenantId === w.acme)).toBe(true);
      expect(changes.filter((c) => c.kind === 'member').map((c) => c.tenantId)).not.toContain(w.other);
      expect(changes.some((c) => c.kind === 'member' && c.userId === w.users.alice)).toBe(true);
      expect(new Set(changes.map((c) => c.seq)).size).toBe(changes.length);
      // B sees its own design and the other tenant's membership, never A's items.
      const b = (await drain(undefined, w.asB)).changes;
      expect(b.some((c) => c.kind === 'member' && c.userId === w.users.olga)).toBe(true);
      expect(b.some((c) => aItems.has(c.subjectId))).toBe(false);
    });

    it('pages with the cursor: small pages give the same changes in the same order as one large page', async () => {
      const whole = await drain(undefined, w.asA, 1000);
      const paged = await drain(undefined, w.asA, 3);
      expect(paged.pages).toBeGreaterThan(3);
      expect(paged.changes.map((c) => c.seq)).toEqual(whole.changes.map((c) => c.seq));
      expect((await drain(paged.cursor)).changes).toEqual([]);
    });

    it('after the cursor: a grant, a membership and a menu deletion appear once, in order', async () => {
      const start = (await drain()).cursor;
      await db().execute(
        sql`insert into role_grants (tenant_id, role_id, kind, data_id, purview) values (${w.acme}, ${w.ids.clerk}, 'appapi', ${w.ids.del}, 1)`,
      );
      await db().execute(sql`insert into role_users (tenant_id, role_id, user_id) values (${w.acme}, ${w.ids.clerk}, ${w.users.carol})`);
      await db().execute(sql`delete from app_menus where id = ${w.ids.hidden}`);
      const { changes, cursor } = await drain(start);
      expect(changes.map((c) => [c.kind, c.op, c.roleId ?? c.userId ?? c.subjectId])).toEqual([
        ['grant', 'upsert', w.ids.clerk],
        ['member', 'upsert', w.ids.clerk],
        // the deleted menu's grant (b_manager), withdrawn in the same transaction (its trigger runs first)
        ['grant', 'upsert', w.ids.manager],
        ['menu', 'delete', w.ids.hidden],
      ]);
      expect(changes[1]).toMatchObject({ tenantId: w.acme, userId: w.users.carol, subjectId: w.users.carol });
      expect(Date.parse(changes[0]!.changedAt)).toBeGreaterThan(Date.now() - 60_000);
      expect((await drain(cursor)).changes).toEqual([]);
      // B's client: the membership (acme uses B) and the withdrawn grant of acme, not A's menu.
      expect((await drain(start, w.asB)).changes.map((c) => c.kind)).not.toContain('menu');
    });

    it("the permissions answer's cursor delivers exactly what changed after it", async () => {
      const p = await w.call<PolicyPermissions>(PolicyPaths.permissions, { tenantId: 'acme', username: 'alice' }, w.asA);
      await db().execute(sql`update roles set status = 0 where id = ${w.ids.manager}`);
      const { changes } = await drain(p.body.data.cursor);
      expect(changes.map((c) => [c.kind, c.roleId])).toEqual([['role', w.ids.manager]]);
      await db().execute(sql`update roles set status = 1 where id = ${w.ids.manager}`);
    });

    it('syncDate: changes at or after it; a future date gives none, and a cursor from it', async () => {
      const r = await page({ syncDate: new Date(Date.now() + DAY).toISOString() });
      expect(r.body.data.changes).toEqual([]);
      const recent = await page({ syncDate: new Date(Date.now() - 60_000).toISOString(), limit: 1000 });
      expect(recent.body.data.changes.length).toBeGreaterThan(0);
      expect((await drain(r.body.data.cursor)).changes).toEqual([]);
    });

    it('refuses a cursor it did not issue (400), and answers cursor_expired past the retention', async () => {
      for (const cursor of [
        'nonsense',
        `${encodeCursor({ xid: '1', seq: '1', issuedMs: Date.now() })}!`,
        Buffer.from('v1.1.x.1').toString('base64url'),
        Buffer.from(`v1.${2n ** 64n}.1.1`).toString('base64url'),
      ]) {
        const r = await page({ cursor });
        expect(r.status, cursor).toBe(400);
        expect(r.body.scode).toBe(PolicyCodes.CURSOR_INVALID);
      }
      expect((await page({ cursor: encodeCursor({ xid: '1', seq: '1', issuedMs: Date.now() - 31 * DAY }) })).body.scode).toBe(PolicyCodes.CURSOR_EXPIRED);
      expect((await page({ syncDate: new Date(Date.now() - 31 * DAY).toISOString() })).body.scode).toBe(PolicyCodes.CURSOR_EXPIRED);
      // A cursor ahead of every transaction of this database (another database's, e.g. before a restore).
      expect((await page({ cursor: encodeCursor({ xid: String(2n ** 40n), seq: '1', issuedMs: Date.now() }) })).body.scode).toBe(PolicyCodes.CURSOR_EXPIRED);
      expect((await page({ syncDate: 'yesterday' })).status).toBe(400);
      expect((await page({ limit: 1001 })).status).toBe(400);
    });

    it('the sweep deletes rows older than the retention only', async () => {
      const count = async () =>
        Number(((await db().execute(sql`select count(*)::int as n from policy_changes`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
      const before = await count();
      await db().execute(sql`update policy_changes set changed_at = now() - interval '40 days' where seq = (select min(seq) from policy_changes)`);
      await sweepPolicyChanges(db(), 30);
      expect(await count()).toBe(before - 1);
    });

    if (label === 'PostgreSQL') {
      it('never skips a change committed after a later one, and delivers none twice', async () => {
        const { default: pg } = await import('pg');
        const other = new pg.Client({ connectionString: w.app.config.databaseUrl });
        await other.connect();
        try {
          const start = (await drain()).cursor;
          // Transaction 1 writes first (smaller xid and seq) and stays open…
          await other.query('begin');
          await other.query(`insert into role_grants (tenant_id, role_id, kind, data_id, purview) values ($1, $2, 'appcontrol', $3, 1)`, [
            w.acme,
            w.ids.off,
            w.ids.note,
          ]);
          // …while transaction 2 writes and commits.
          await db().execute(sql`insert into role_users (tenant_id, role_id, user_id) values (${w.acme}, ${w.ids.manager}, ${w.users.carol})`);
          const during = await drain(start);
          // A reader by sequence alone would now hand out transaction 2 and move past transaction 1.
          expect(during.changes).toEqual([]);
          await other.query('commit');
          const after = await drain(during.cursor);
          expect(after.changes.map((c) => [c.kind, c.roleId])).toEqual([
            ['grant', w.ids.off],
            ['member', w.ids.manager],
          ]);
          expect((await drain(after.cursor)).changes).toEqual([]);
          // Read in one go from the start, each appears exactly once.
          const all = (await drain(start)).changes;
          expect(all.map((c) => c.seq)).toEqual(after.changes.map((c) => c.seq));
        } finally {
          await other.end();
        }
      });
    }
  });
}

for (const { label, open } of testAppTargets('mp_policy')) sync(label, open);
