/**
 * Service-call statistics and call logs (modules/calllogs; docs/call-logs.md) on real PGlite through the
 * gateway: the range rules (required, valid, order, statistics ≤ 7 days, logs ≤ 30 days) answered HTTP 400 with
 * the localised message, the figures (calls, failures, percentiles; by API, application, tenant; series),
 * filters, SQL paging and sort, the CSV export and its bound, and who sees what: platform administrators
 * everything, a tenant's administrator only that tenant (whatever the body says), an application's
 * administrator only that application; everyone else is refused. All of it through both call-log stores
 * (calllogs.store.ts: the main database, and the worker thread's own database; MP_CALL_LOG_STORE).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_LOG_RULES, CallLogCodes, CallLogPaths as P, Codes, type CallLogRow, type CallStats, type Paged } from '@mp/protocol';
import { translate } from '@mp/i18n';
import type { GatewayClient } from '../../testing/gateway-client.js';
import type { CallRecord } from '../../plugins/call-log.js';
import { callLogStore } from './calllogs.store.js';
import { inApp, peopleWorld, type PeopleWorld } from '../appusers/appusers.fixtures.js';
import { USER_PASSWORD } from '../clients/clients.fixtures.js';

describe.each(['database', 'worker'] as const)('%s store', (store) => {
  let w: PeopleWorld;
  let ta: GatewayClient;
  let taT2: GatewayClient;
  const HOUR = 3_600_000;
  const now = Date.now();
  const range = (hours: number, end = now + HOUR) => ({ startTime: new Date(end - hours * HOUR).toISOString(), endTime: new Date(end).toISOString() });
  const API = '/gateway/calllogtest';

  const rec = (patch: Partial<CallRecord>): CallRecord => ({
    at: now - HOUR,
    tenantId: null,
    productId: null,
    method: 'POST',
    api: `${API}/a`,
    status: 200,
    code: '1',
    latencyMs: 10,
    callerType: 'user',
    callerId: 'u1',
    callerName: 'alice',
    requestId: 'req',
    ...patch,
  });

  beforeAll(async () => {
    const before = process.env.MP_CALL_LOG_STORE;
    process.env.MP_CALL_LOG_STORE = store;
    try {
      w = await peopleWorld();
    } finally {
      if (before === undefined) delete process.env.MP_CALL_LOG_STORE;
      else process.env.MP_CALL_LOG_STORE = before;
    }
    expect(callLogStore(w.t.app).kind).toBe(store);
    const signedIn = async (username: string) => {
      const c = await w.t.client();
      await c.signIn(username, USER_PASSWORD);
      return c;
    };
    ta = await signedIn('ta_t1');
    ta.tenantId = w.t1;
    const { createUserRow } = await import('../../testing/test-app.js');
    const { Identity } = await import('@mp/protocol');
    await createUserRow(w.t.app, { tenantId: w.t2, username: 'ta_t2', password: USER_PASSWORD, identities: [Identity.TENANT_ADMIN] });
    taT2 = await signedIn('ta_t2');
    taT2.tenantId = w.t2;
    const rows: CallRecord[] = [];
    // t1 on crm: 10 calls, latencies 1..10 ms, two failed (one HTTP 500, one envelope failure)
    for (let i = 1; i <= 10; i++)
      rows.push(
        rec({
          tenantId: w.t1,
          productId: w.appA.id,
          latencyMs: i,
          status: i === 10 ? 500 : 200,
          code: i === 9 ? 'user.not_found' : i === 10 ? '' : '1',
          requestId: `t1-${i}`,
        }),
      );
    // t2 on crm: 3 calls of another API by bob
    for (let i = 1; i <= 3; i++)
      rows.push(rec({ tenantId: w.t2, productId: w.appA.id, api: `${API}/b`, callerId: 'u2', callerName: 'bob', latencyMs: 100, requestId: `t2-${i}` }));
    // t3 on erp: 2 calls, a client
    for (let i = 1; i <= 2; i++)
      rows.push(
        rec({
          tenantId: w.t3,
          productId: w.appB.id,
          api: `${API}/c`,
          callerType: 'client',
          callerId: 'erp-backend',
          callerName: 'erp-backend',
          requestId: `t3-${i}`,
        }),
      );
    // t1 without an application, 20 days ago (inside the log window, outside 7 days)
    rows.push(rec({ tenantId: w.t1, at: now - 20 * 24 * HOUR, api: `${API}/old`, requestId: 'old' }));
    await callLogStore(w.t.app).insert(rows);
  }, 120_000);
  afterAll(async () => {
    await w.t.app.close();
  });

  const stats = async (c: GatewayClient, path: string, body: Record<string, unknown>, appId?: string) =>
    await c.post<{ row: CallStats }>(path, { api: API, ...body }, appId ? inApp(appId) : {});
  const list = async (c: GatewayClient, path: string, body: Record<string, unknown>, appId?: string) =>
    await c.post<Paged<CallLogRow>>(path, { api: API, ...range(24 * 29), pageSize: 100, ...body }, appId ? inApp(appId) : {});

  describe('range rules', () => {
    const cases: [string, Record<string, unknown>, string, Record<string, unknown>?][] = [
      ['missing', {}, CallLogCodes.RANGE_REQUIRED],
      ['only start', { startTime: new Date().toISOString() }, CallLogCodes.RANGE_REQUIRED],
      ['blank', { startTime: ' ', endTime: ' ' }, CallLogCodes.RANGE_REQUIRED],
      ['invalid', { startTime: 'yesterday', endTime: new Date().toISOString() }, CallLogCodes.RANGE_INVALID],
      ['reversed', { startTime: new Date(now).toISOString(), endTime: new Date(now - HOUR).toISOString() }, CallLogCodes.RANGE_ORDER],
    ];
    it.each(cases)('refuses a %s range on every call with HTTP 400 and the localised message', async (_name, body, code) => {
      for (const path of [P.getcallstats, P.listcalllog, P.exportcalllog]) {
        const r = await w.admin.post(path, body);
        expect(r.status, path).toBe(400);
        expect(r.body.scode, path).toBe(code);
        expect(r.body.msg).toBe(translate('zh-CN', `errors:${code}`));
      }
    });

    it('statistics: at most 7 days; logs: at most 30 days (message in the request language)', async () => {
      w.admin.language = 'EN_US';
      try {
        const s = await w.admin.post(P.getcallstats, range(7 * 24 + 1));
        expect([s.status, s.body.scode, s.body.msg]).toEqual([400, CallLogCodes.RANGE_TOO_LONG, 'The date range of the query cannot exceed 7 days']);
        expect((await w.admin.post(P.getcallstats, range(7 * 24))).body.result).toBe('1');
        const l = await w.admin.post(P.listcalllog, range(30 * 24 + 1));
        expect([l.status, l.body.scode, l.body.msg]).toEqual([400, CallLogCodes.RANGE_TOO_LONG, 'The date range of the query cannot exceed 30 days']);
        expect((await w.admin.post(P.exportcalllog, range(30 * 24 + 1))).body.scode).toBe(CallLogCodes.RANGE_TOO_LONG);
        expect((await w.admin.post(P.listcalllog, range(30 * 24))).body.result).toBe('1');
      } finally {
        w.admin.language = 'ZH_CN';
      }
      w.admin.language = 'JA_JP';
      try {
        expect((await w.admin.post(P.getcallstats, {})).body.msg).toBe('ログ検索の日付範囲を選択してください');
      } finally {
        w.admin.language = 'ZH_CN';
      }
    });

    it('refuses malformed filters with HTTP 400', async () => {
      for (const body of [{ status: 42 }, { method: 'TRACE' }, { sortField: 'tenant_id' }, { api: 'x'.repeat(201) }, { pageSize: 501 }]) {
        expect((await w.admin.post(P.listcalllog, { ...range(1), ...body })).status, JSON.stringify(body).slice(0, 40)).toBe(400);
      }
    });
  });

  describe('platform administrators', () => {
    it('see the figures of every tenant and application', async () => {
      const r = await stats(w.admin, P.getcallstats, range(24));
      expect(r.body.result).toBe('1');
      const s = r.body.data.row;
      expect(s.totals).toMatchObject({ calls: 15, errors: 2 });
      expect(s.byApi.map((a) => [a.api, a.calls])).toEqual([
        [`${API}/a`, 10],
        [`${API}/b`, 3],
        [`${API}/c`, 2],
      ]);
      expect(s.byApi[0]).toMatchObject({ errors: 2, p50: 5.5, method: 'POST' });
      expect(s.byApi[0]!.p95).toBeCloseTo(9.55, 2);
      expect(s.byApi[0]!.p99).toBeCloseTo(9.91, 2);
      expect(s.byApp.map((a) => [a.name, a.calls])).toEqual([
        ['CRM', 13],
        ['ERP', 2],
      ]);
      expect(s.byTenant.map((t) => [t.tenantId, t.calls])).toEqual([
        [w.t1, 10],
        [w.t2, 3],
        [w.t3, 2],
      ]);
      expect(s.byTenant[0]!.name).toBe('Tenant pt1');
      expect(s.series.reduce((n, p) => n + p.calls, 0)).toBe(15);
      expect(s.bucketSeconds).toBe(900);
      // every bucket of the window is there (empty ones as zeros), evenly spaced
      expect(s.series.length).toBeGreaterThanOrEqual(96);
      expect(s.series.every((p, i) => i === 0 || Date.parse(p.t) - Date.parse(s.series[i - 1]!.t) === 900_000)).toBe(true);
    });

    it('narrow by tenant and application, filter, page and sort in SQL', async () => {
      expect((await stats(w.admin, P.getcallstats, { ...range(24), tenantId: w.t2 })).body.data.row.totals.calls).toBe(3);
      expect((await stats(w.admin, P.getcallstats, { ...range(24), productId: w.appB.id })).body.data.row.totals.calls).toBe(2);
      const all = (await list(w.admin, P.listcalllog, {})).body.data;
      expect(all.records).toBe(16);
      expect((await list(w.admin, P.listcalllog, { errorsOnly: true })).body.data.rows.map((r) => r.requestId).sort()).toEqual(['t1-10', 't1-9']);
      expect((await list(w.admin, P.listcalllog, { status: 500 })).body.data.records).toBe(1);
      expect((await list(w.admin, P.listcalllog, { caller: 'BOB' })).body.data.records).toBe(3);
      expect((await list(w.admin, P.listcalllog, { caller: 'erp-backend' })).body.data.rows.every((r) => r.callerType === 'client')).toBe(true);
      expect((await list(w.admin, P.listcalllog, { api: 'CALLLOGTEST/C' })).body.data.records).toBe(2);
      expect((await list(w.admin, P.listcalllog, { api: '%' })).body.data.records).toBe(0); // LIKE wildcards are literal
      const page2 = (await list(w.admin, P.listcalllog, { sortField: 'latencyMs', sortOrder: 'descend', pageSize: 5, page: 2 })).body.data;
      expect([page2.page, page2.records, page2.total, page2.rows.map((r) => r.latencyMs)]).toEqual([2, 16, 4, [10, 10, 9, 8, 7]]);
      const row = (await list(w.admin, P.listcalllog, { caller: 'bob', pageSize: 1 })).body.data.rows[0]!;
      expect(row).toMatchObject({
        tenantId: w.t2,
        tenantName: 'Tenant pt2',
        productId: w.appA.id,
        productName: 'CRM',
        method: 'POST',
        status: 200,
        code: '1',
        callerType: 'user',
        callerName: 'bob',
      });
    });

    it('export a CSV with headings in the request language, bounded', async () => {
      w.admin.language = 'EN_US';
      try {
        const r = await w.admin.send('POST', P.exportcalllog, { ...range(24 * 29), api: API, tenantId: w.t1 });
        expect(r.headers['content-type']).toContain('text/csv');
        const lines = r.raw
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trim()
          .split(/\r?\n/);
        expect(lines[0]).toBe('Time,Tenant,Application,Method,API,HTTP status,Response code,Latency (ms),Caller type,Caller,Caller ID,Request ID');
        expect(lines).toHaveLength(12);
        expect(lines[1]).toContain(',User,alice,u1,');
      } finally {
        w.admin.language = 'ZH_CN';
      }
      const many = Array.from({ length: CALL_LOG_RULES.exportMax + 1 }, (_, i) => rec({ api: '/gateway/calllogbulk', requestId: `b${i}` }));
      await callLogStore(w.t.app).insert(many);
      const r = await w.admin.post(P.exportcalllog, { ...range(24), api: '/gateway/calllogbulk' });
      expect([r.body.scode, r.body.msg]).toEqual([
        CallLogCodes.EXPORT_TOO_MANY,
        translate('zh-CN', `errors:${CallLogCodes.EXPORT_TOO_MANY}`, { count: CALL_LOG_RULES.exportMax + 1, max: CALL_LOG_RULES.exportMax }),
      ]);
    });
  });

  describe('tenant administrators', () => {
    it('see only their tenant, whatever tenant the body names', async () => {
      const s = (await stats(ta, P.gettenantcallstats, { ...range(24), tenantId: w.t2 })).body;
      expect(s.result).toBe('1');
      expect(s.data.row.totals.calls).toBe(10);
      expect(s.data.row.byTenant.map((t) => t.tenantId)).toEqual([w.t1]);
      const l = (await list(ta, P.listtenantcalllog, { tenantId: w.t2 })).body.data;
      expect(l.records).toBe(11);
      expect(l.rows.every((r) => r.tenantId === w.t1)).toBe(true);
      expect((await list(taT2, P.listtenantcalllog, {})).body.data.rows.map((r) => r.tenantId)).toEqual([w.t2, w.t2, w.t2]);
      const csv = (await ta.send('POST', P.exporttenantcalllog, { ...range(24 * 29), api: API, tenantId: w.t2 })).raw.toString('utf8');
      expect(csv).not.toContain('bob');
    });

    it('cannot read another tenant by its TENANTID', async () => {
      ta.tenantId = w.t2;
      try {
        for (const path of [P.gettenantcallstats, P.listtenantcalllog, P.exporttenantcalllog]) {
          expect((await ta.post(path, range(24))).body.scode, path).toBe(Codes.NO_PERMISSION);
        }
      } finally {
        ta.tenantId = w.t1;
      }
    });
  });

  describe('application administrators', () => {
    it('see only their application, whatever application the body names', async () => {
      const s = (await stats(w.a, P.getappcallstats, { ...range(24), productId: w.appB.id }, w.appA.code)).body;
      expect(s.result).toBe('1');
      expect(s.data.row.totals.calls).toBe(13);
      expect(s.data.row.byApp.map((a) => a.productId)).toEqual([w.appA.id]);
      expect(s.data.row.byTenant.map((t) => [t.tenantId, t.calls])).toEqual([
        [w.t1, 10],
        [w.t2, 3],
      ]);
      const l = (await list(w.a, P.listappcalllog, { productId: w.appB.id, tenantId: w.t2 }, w.appA.code)).body.data;
      expect([l.records, l.rows.every((r) => r.productId === w.appA.id && r.tenantId === w.t2)]).toEqual([3, true]);
      expect((await list(w.b, P.listappcalllog, {}, w.appB.code)).body.data.records).toBe(2);
    });

    it('cannot read another application', async () => {
      for (const path of [P.getappcallstats, P.listappcalllog, P.exportappcalllog]) {
        expect((await w.a.post(path, range(24), inApp(w.appB.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
        expect((await w.loner.post(path, range(24), inApp(w.appA.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    });
  });

  describe('refusals by user type', () => {
    it('platform calls: only platform administrators', async () => {
      for (const c of [w.a, w.plain, ta]) {
        for (const path of [P.getcallstats, P.listcalllog, P.exportcalllog]) expect((await c.post(path, range(24))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    });

    it('tenant calls: not an ordinary member nor an application administrator', async () => {
      const member = await w.t.client();
      await member.signIn('u_east', USER_PASSWORD);
      member.tenantId = w.t1;
      for (const path of [P.gettenantcallstats, P.listtenantcalllog, P.exporttenantcalllog]) {
        expect((await member.post(path, range(24))).body.scode, path).toBe(Codes.NO_PERMISSION);
        expect((await w.plain.post(path, range(24))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    });

    it('application calls: not an ordinary user', async () => {
      for (const path of [P.getappcallstats, P.listappcalllog, P.exportappcalllog]) {
        expect((await w.plain.post(path, range(24), inApp(w.appA.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    });
  });

  describe('with the hourly rollup (calllogs.rollup.ts)', () => {
    const close = (a: number, b: number) => Math.abs(a - b) <= 0.02 * Math.abs(b) + 0.011;
    const same = (rolled: CallStats, raw: CallStats) => {
      expect(rolled.totals.calls).toBe(raw.totals.calls);
      expect(rolled.totals.errors).toBe(raw.totals.errors);
      for (const k of ['p50', 'p95', 'p99'] as const) expect(close(rolled.totals[k], raw.totals[k]), `${k} ${rolled.totals[k]} ~ ${raw.totals[k]}`).toBe(true);
      const groups = (s: CallStats) =>
        [...s.byApi.map((g) => `${g.method} ${g.api} ${g.calls} ${g.errors}`), ...s.byApp.map((g) => `app ${g.productId} ${g.name} ${g.calls} ${g.errors}`)]
          .concat(s.byTenant.map((g) => `tenant ${g.tenantId} ${g.name} ${g.calls} ${g.errors}`))
          .sort();
      expect(groups(rolled)).toEqual(groups(raw));
      expect(rolled.series.map((p) => [p.t, p.calls, p.errors])).toEqual(raw.series.map((p) => [p.t, p.calls, p.errors]));
    };
    const answers = async () => ({
      platform: (await stats(w.admin, P.getcallstats, range(24))).body.data.row,
      tenant: (await stats(ta, P.gettenantcallstats, { ...range(24), tenantId: w.t2 })).body.data.row,
      tenant2: (await stats(taT2, P.gettenantcallstats, range(24))).body.data.row,
      app: (await stats(w.a, P.getappcallstats, { ...range(24), productId: w.appB.id }, w.appA.code)).body.data.row,
    });

    it('answer the same figures as the records, in every audience, and keep each audience in its scope', async () => {
      const raw = await answers();
      // roll every hour of the data (the records are an hour old; "now" two hours later closes their hour)
      expect(await callLogStore(w.t.app).rollup(now + 2 * HOUR, { backDays: 30 })).toBeGreaterThan(0);
      const rolled = await answers();
      for (const k of ['platform', 'tenant', 'tenant2', 'app'] as const) same(rolled[k], raw[k]);
      expect(rolled.platform.totals).toMatchObject({ calls: 15, errors: 2 });
      expect(rolled.tenant.totals.calls).toBe(10);
      expect(rolled.tenant.byTenant.map((t) => t.tenantId)).toEqual([w.t1]);
      expect(rolled.tenant2.byTenant.map((t) => [t.tenantId, t.calls])).toEqual([[w.t2, 3]]);
      expect(rolled.app.totals.calls).toBe(13);
      expect(rolled.app.byApp.map((a) => a.productId)).toEqual([w.appA.id]);
      expect(rolled.platform.byApi[0]!.p50).toBeCloseTo(5.5, 0);
    });
  });
});
