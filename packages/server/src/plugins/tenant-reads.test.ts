/**
 * Every read is scoped by tenant and, in the tenant area, by the caller's data scope (issue 12 "Every
 * tenant-owned row is scoped by tenant on read"; docs/scope.md "Reads").
 *
 * Tenants A and B hold the same kinds of rows (organisations, categories, positions, users, roles with
 * grants and members, organisation members, mappings, accounts, audit entries, jobs, files, application
 * tenants, clients, settings). Every name and id of B carries the marker `kbq`; every row of A outside the
 * role holder's subtree carries `aoz`. Driven by the app's route table: every route whose handler reads
 * rows (list*, get*, query*, export*, search*, dashboards, the file by id) is called with bodies built
 * from its published schema (testing/route-probe.ts), id fields filled with B's ids, with A's ids outside
 * the subtree and with A's ids inside it, as
 * - A's administrator (TENANTID A, and naming B in TENANTID),
 * - a role holder of A whose role grants every tenant API and the subtree `ain-org-in` only,
 * - an ordinary user of A (TENANTID A and the default `sys`),
 * and no answer may hold an id or name of B, nor — for the role holder — of A outside the subtree
 * (xlsx answers are read cell by cell). A route that is neither a read nor a write of a known verb
 * fails the test until it is classified; a read that A's administrator cannot get answered (so the probe
 * never saw its rows) fails unless listed in NOT_ANSWERED with its reason. The application area's reads
 * (APPID, issues 14–15) are probed as A's administrator with A's application and must show nothing of B. Controls: the same probes
 * as B's own administrator find B's marker, and as A's administrator find A's out-of-subtree marker,
 * so the search can see a leak.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import { CallLogPaths, CodeTypes, Paths } from '@mp/protocol';
import { testApp } from '../testing/test-app.js';
import type { GatewayClient, RawResponse } from '../testing/gateway-client.js';
import { buildRequest, callRoute, probeRoutes, requiredIdFields, type IdsByKind, type ProbeRoute } from '../testing/route-probe.js';
import { KINDS, PASSWORD, seedTenant, type Seeded } from './tenant-reads.seed.js';

const B_MARK = 'kbq';
const OUT_MARK = 'aoz';

/** Routes whose handler reads rows: list*, get*, query*, export*, search*, dashboards and the file by id. */
const READ =
  /\/(list|get|query|export|search)\w*(\/:\w+)?$|\/(dashboard|summary)$|\/(workbench|app)summary$|\/(tree|pages|group)\w+$|\/(approle|apptemplate)purview$|\/approlegrantview$|\/user\/(load|mysessions)$/;
/** Routes that change or sign in (their answers echo the written row, which the writer names). */
const WRITE =
  /\/(add|edit|delete|del|save|status|lock|reset|import|move|detach|bind|unbind|upload|activate|end|send|test|modify|renewal|signin|validcode|findpwd|checkresetpwd|resetpwd|ssoticket|tokenlogin|tokenlogout|admintokenlogin|template|share|unshare|apply|confirm)\w*(\/:\w+)*$/;
/** Neither: what they answer and why they hold no tenant-owned row. */
const OTHER: Record<string, string> = {
  'GET /gateway/openapi.json': 'the API description, no rows',
  'GET /openapi.json': 'the API description, no rows',
  'GET /reference': 'the API reference page (Swagger UI), no rows',
  'GET /reference/static/index.html': 'the API reference page, no rows',
  'GET /reference/static/swagger-initializer.js': "the API reference page's script, no rows",
  'GET /reference/json': 'the API description, no rows',
  'GET /reference/yaml': 'the API description, no rows',
  'GET /reference/static/*': "the API reference page's files from the npm package, no rows",
  'GET /healthz': 'liveness, no rows',
  'GET /readyz': 'readiness: the migration journal table, no tenant rows',
  'GET /metrics': 'Prometheus metrics (off in tests; counts by state only), no tenant rows',
  'GET /gateway/auth/': 'startup configuration (platform settings), no tenant rows',
  'GET /gateway/auth/auth/login/confirm': "MFA confirmation of the caller's own sign-in ticket",
  'POST /gateway/auth/auth/login/send/email/:email': 'sends a sign-in code, no rows',
  'POST /gateway/auth/auth/login/send/mobile/:mobile': 'sends a sign-in code, no rows',
  // The policy service (issue 14): called by an application's client, not by a console session; a client
  // reads only its own application's grants (modules/policy tests, policy.approles.test.ts).
  'POST /gateway/policy/policy/user/permissions': 'client-authenticated policy read, one application',
  'POST /gateway/policy/policy/decision/check': 'client-authenticated policy decision, one application',
  'POST /gateway/policy/policy/sync/syncbydate': 'client-authenticated change log, one application',
  'POST /gateway/policy/policy/sso/exchange': 'client-authenticated: spends a ticket issued for this application (myapps.ssoquery.test.ts)',
  // Big files (issue 18, docs/bigfile.md): a public demo with no sign-in; uploads belong to no tenant.
  'GET /gateway/tenant/plat/bigfile/config': 'the big-file limits from the configuration, no rows',
  'GET /gateway/tenant/plat/bigfile/download/:id': 'a public demo upload by its random id, no tenant-owned row (modules/bigfiles/bigfiles.test.ts)',
  // Service accounts (issue 17, docs/service-accounts.md): the token call signs in; rotating writes a new secret.
  'POST /gateway/auth/serviceaccount/token': 'signs a service account in by its key id and secret (a write: a session), no rows answered',
  'POST /gateway/tenant/plat/serviceaccount/rotateserviceaccount': "a write (new secret) of the platform tenant's account, platform administrators only",
  'POST /gateway/tenant/plat/serviceaccount/rotatetenantserviceaccount':
    "a write (new secret) of a TENANTID account; another tenant's id is not found (serviceaccounts.test.ts)",
  // Face registration (issue 18, docs/face.md): writes of one user's face photo (modules/face/face.test.ts).
  'POST /gateway/tenant/plat/user/registerface': 'a write (the face photo) of any user, platform administrators only',
  'POST /gateway/tenant/plat/user/clearface': 'a write (face photo cleared) of any user, platform administrators only',
  'POST /gateway/tenant/plat/user/registertenantface': "a write of a TENANTID user in the caller's scope; another tenant's user is not found",
  'POST /gateway/tenant/plat/user/cleartenantface': "a write of a TENANTID user in the caller's scope; another tenant's user is not found",
  'POST /gateway/auth/auth/user/registermyface': "a write of the caller's own face photo",
  'POST /gateway/auth/auth/user/clearmyface': "a write of the caller's own face photo",
  // WeChat QR sign-in (issue 18, docs/wechat-signin.md): before sign-in; a ticket is the caller's own secret.
  'GET /gateway/auth/auth/wechat/options': 'the enabled WeChat configurations (platform, names and types only), no tenant rows',
  'POST /gateway/auth/auth/wechat/qr': 'opens a QR ticket (a write, platform table), no tenant rows',
  'GET /gateway/auth/auth/wechat/callback': "WeChat's redirect: marks a ticket scanned, answers an HTML page (modules/wechat/wechat.test.ts)",
  'POST /gateway/auth/auth/wechat/poll': "the state of the caller's own ticket; signs in its bound user (wechat-refusals.test.ts: cross-tenant)",
};
/** Every route under /oidc/ is the OpenID provider's (client-authenticated protocol endpoints and the caller's own interaction pages; oidc tests). */
const OIDC = /^(GET|POST) \/oidc\//;
/** Reads A's administrator is refused or cannot get answered with generic values, and why that is right. */
const NOT_ANSWERED: Record<string, string> = {
  'POST /gateway/tenant/user/workflow/getwfrequest':
    "one approval request by id, seen only by its requester, approvers, those who acted and its application's administrators (modules/workflow/workflow.test.ts: another tenant's user and another application's administrator get workflow.not_found)",
  'GET /gateway/tenant/plat/file/get/:id': 'an image, not the envelope (the file test below checks both tenants)',
  'POST /gateway/tenant/plat/mynotice/getmynotice':
    "the caller's own notice by id: a probed id is no notice of theirs, so not found (notices.mine.test.ts: only the audience may open one)",
  'POST /gateway/tenant/plat/mymessage/getmymessage':
    "the caller's own in-site message by id: a probed id is no message of theirs, so not found (messages.access.test.ts: only the recipient opens one)",
  'GET /gateway/tenant/plat/notice/getnoticefile/:id':
    "a notice image, not the envelope (modules/notices/notices.mine.test.ts: only the audience and the application's administrators)",
  'POST /gateway/tenant/plat/calllog/exporttenantcalllog':
    "a CSV, not the envelope (modules/calllogs/calllogs.test.ts: a tenant administrator's export holds only their tenant's calls, whatever tenant the body names)",
};
/** Fields a read needs beyond its schema's required ones (merged into the generated body). */
const lastDay = () => ({ startTime: new Date(Date.now() - 86_400_000).toISOString(), endTime: new Date(Date.now() + 60_000).toISOString() });
const EXTRA: Record<string, () => Record<string, unknown>> = {
  [Paths.listtenantauditlog]: lastDay,
  [Paths.exporttenantauditlog]: lastDay,
  ...Object.fromEntries(Object.values(CallLogPaths).map((p) => [p, lastDay])),
};
/**
 * True for the application area's routes (`{ app: 'admin' }`, APPID; docs/applications.md "Which
 * application"): they are scoped by application, not by TENANTID — an application serves several tenants by
 * design — and their scoping (another application's rows are not found, its administrator refused) is proved
 * by each module's access tests. Here they are probed without an application and must leak nothing.
 */
const appArea = (r: ProbeRoute) => {
  const a = r.access;
  return !!a && typeof a === 'object' && 'app' in a;
};
/** True for routes only platform administrators may call: they read every tenant by design (SPEC §2). */
const platformOnly = (r: ProbeRoute) => {
  const a = r.access as { userTypes?: number[] } | undefined;
  return !!a && typeof a === 'object' && Array.isArray(a.userTypes) && a.userTypes.every((x) => x === 1);
};

let t: Awaited<ReturnType<typeof testApp>>;
const reads: ProbeRoute[] = [];
const unclassified: string[] = [];
let A: Seeded;
let B: Seeded;

async function as(username: string, tenant: string): Promise<GatewayClient> {
  const c = await t.client();
  await c.signIn(username, PASSWORD);
  c.tenantId = tenant;
  return c;
}

/** The answer as text: the JSON, or every cell of an xlsx answer. */
async function textOf(res: RawResponse): Promise<{ text: string; answered: boolean }> {
  if (String(res.headers['content-type'] ?? '').includes('spreadsheetml')) {
    const sheets = await readXlsxFile(res.raw);
    return { text: JSON.stringify(sheets.map((s) => s.data)), answered: true };
  }
  return { text: res.raw.toString('utf8'), answered: res.body.result === '1' };
}

/** Bodies that exercise a read better than the schema's first value. */
const EXPLICIT: Record<string, unknown> = {
  [Paths.querycodetablelist]: [CodeTypes.PASSWORD_RULE, CodeTypes.SYS_SET, CodeTypes.VERIFY, CodeTypes.ORG_TYPE, CodeTypes.ORG_CATEGORY],
};

/**
 * What a probe found: `leaks` (answers holding a forbidden id or name), `lookups` (reads that answered
 * although a required id named a record the caller may not reach), `counts` (a complete first page
 * whose `records` differs from its rows: a total counted over rows the caller may not see).
 */
interface ProbeResult {
  leaks: string[];
  lookups: string[];
  counts: string[];
  answered: Set<string>;
  seen: Set<string>;
}

/**
 * Calls every read route as `c` with `ids` in its id fields (each distinct body once) and reports the
 * answers that hold any of `forbidden` (case-insensitive). A refusal may repeat what was sent; an answer
 * that succeeded may not.
 */
async function probe(c: GatewayClient, ids: IdsByKind, forbidden: string[]): Promise<ProbeResult> {
  const out: ProbeResult = { leaks: [], lookups: [], counts: [], answered: new Set(), seen: new Set() };
  const lower = forbidden.map((x) => x.toLowerCase());
  for (const r of reads) {
    const code = r.url.includes('/file/get/') ? { code: createHash('md5').update(c.token).digest('hex') } : (EXTRA[r.url]?.() ?? {});
    const calls = new Map<string, () => Promise<{ sent: string; res: RawResponse }>>();
    if (EXPLICIT[r.url] !== undefined) {
      calls.set('explicit', async () => ({ sent: JSON.stringify(EXPLICIT[r.url]), res: await c.post(r.url, EXPLICIT[r.url]) }));
    } else {
      for (const kind of KINDS) {
        const key = JSON.stringify(buildRequest(r, ids, kind, code));
        if (!calls.has(key)) calls.set(key, () => callRoute(c, r, ids, kind, code));
      }
    }
    for (const [key, run] of calls) {
      const { sent, res } = await run();
      const { text, answered } = await textOf(res);
      if (answered) out.answered.add(`${r.method} ${r.url}`);
      const what = `${r.method} ${r.url} ${key.slice(0, 160)}`;
      if (answered && requiredIdFields(r).length) out.lookups.push(`${what}: ${text.slice(0, 200)}`);
      const data = res.body?.data as { rows?: unknown[]; records?: number; page?: number; lastPage?: boolean } | undefined;
      if (answered && Array.isArray(data?.rows) && data.page === 1 && data.lastPage && typeof data.records === 'number' && data.records !== data.rows.length) {
        out.counts.push(`${what}: records ${data.records}, rows ${data.rows.length}`);
      }
      const hay = text.toLowerCase();
      const sentLower = sent.toLowerCase();
      // In a refusal, take out what was sent before searching (a message may quote it).
      const rest = answered
        ? hay
        : sentLower
            .split(/[^a-z0-9-]+/)
            .filter((w) => w.length > 3)
            .reduce((h, w) => h.split(w).join(''), hay);
      const found = lower.filter((x) => rest.includes(x));
      if (found.length) {
        out.seen.add(`${r.method} ${r.url}`);
        out.leaks.push(
          `${r.method} ${r.url} ${key.slice(0, 120)} ${res.status} ${res.body.result}/${res.body.scode}: ${found.join(', ')} in ${text.slice(0, 300)}`,
        );
      }
    }
  }
  return out;
}

/** What a caller of A must never see: every id and name of B. */
const ofB = () => [B_MARK, B.tenantId, ...Object.values(B.userIds)];
/** What A's role holder must also not see: A's rows outside the subtree. */
const outsideA = () => [OUT_MARK, ...A.outUuids];

beforeAll(async () => {
  t = await testApp();
  A = await seedTenant(t.app, 'ainten', 'ain', OUT_MARK);
  B = await seedTenant(t.app, `${B_MARK}ten`, B_MARK, B_MARK);
  for (const r of probeRoutes(t.app)) {
    const key = `${r.method} ${r.url}`;
    if (READ.test(r.url)) reads.push(r);
    else if (!WRITE.test(r.url) && !OTHER[key] && !OIDC.test(key)) unclassified.push(key);
  }
  // B's administrator has a session, so a session list could show it.
  await as(`${B_MARK}admin`, B.tenantId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('reads are scoped by tenant and data scope (issue 12)', () => {
  it('classifies every route of the route table (a new read joins the probe; anything else must be named)', () => {
    expect(unclassified).toEqual([]);
    console.info(`tenant reads: ${reads.length} read routes probed`);
    expect(reads.length).toBeGreaterThan(50);
  });

  it("A's administrator sees none of B's rows, whatever ids are sent; every read is answered for A's own ids", async () => {
    const admin = await as('ainadmin', A.tenantId);
    // A's administrator also administers A's application: the application area's reads answer for it.
    admin.appId = 'ainprod';
    const own = await probe(admin, A.all, ofB());
    const foreign = await probe(admin, B.all, ofB());
    expect([...own.leaks, ...foreign.leaks]).toEqual([]);
    expect(foreign.lookups, "a lookup by B's id answered").toEqual([]);
    expect([...own.counts, ...foreign.counts]).toEqual([]);
    const missing = reads
      .map((r) => `${r.method} ${r.url}`)
      .filter((k) => {
        const r = reads.find((x) => `${x.method} ${x.url}` === k)!;
        return !own.answered.has(k) && !NOT_ANSWERED[k] && !platformOnly(r) && !appArea(r);
      });
    expect(missing, 'reads the probe never saw answered: give them a body in EXPLICIT or a reason in NOT_ANSWERED').toEqual([]);
  }, 600_000);

  it("A's administrator naming B in TENANTID sees none of B's rows", async () => {
    const admin = await as('ainadmin', B.tenantId);
    const r = await probe(admin, B.all, ofB());
    expect(r.leaks).toEqual([]);
  }, 600_000);

  it("A's role holder sees neither B's rows nor A's rows outside the subtree", async () => {
    const holder = await as('ainholder', A.tenantId);
    const forbidden = [...ofB(), ...outsideA()];
    const inside = await probe(holder, A.in, forbidden);
    const outside = await probe(holder, A.out, forbidden);
    const foreign = await probe(holder, B.all, forbidden);
    // the subtree's ancestor named as parent or id: its other children and its own row stay hidden
    const ancestor = await probe(holder, { ...A.in, org: [A.root] }, forbidden);
    const results = [inside, outside, foreign, ancestor];
    expect(results.flatMap((x) => x.leaks)).toEqual([]);
    expect([...outside.lookups, ...foreign.lookups], 'a lookup by an id outside the subtree or tenant answered').toEqual([]);
    expect(results.flatMap((x) => x.counts)).toEqual([]);
    // the dashboard's figures are the subtree's: organisations in and in1; users holder, plain, uin; one position, one role
    const dash = (await holder.get(Paths.tenancydashboard)).body.data.row as { organisations: number; users: number; stations: number; roles: number };
    expect({ organisations: dash.organisations, users: dash.users, stations: dash.stations, roles: dash.roles }).toEqual({
      organisations: 2,
      users: 3,
      stations: 1,
      roles: 1,
    });
    const answered = new Set(results.flatMap((x) => [...x.answered]));
    const tenantReads = reads.filter((r) => (r.access as { tenant?: string } | undefined)?.tenant === 'member');
    // the holder's role grants every tenant API: the tenant-area reads answer them (inside the subtree)
    expect(tenantReads.filter((r) => !answered.has(`${r.method} ${r.url}`)).map((r) => r.url)).toEqual([]);
  }, 600_000);

  it('an ordinary user of A sees nothing of B (TENANTID A and the default sys)', async () => {
    for (const tenant of [A.tenantId, 'sys']) {
      const plain = await as('ainplain', tenant);
      const r = await probe(plain, B.all, ofB());
      expect(r.leaks).toEqual([]);
      expect(r.lookups).toEqual([]);
    }
  }, 600_000);

  it("querycodetablelist answers the caller's own organisation categories only", async () => {
    for (const [user, tenant] of [
      ['ainplain', 'sys'],
      ['ainplain', A.tenantId],
      ['ainholder', A.tenantId],
      ['ainadmin', A.tenantId],
      ['ainplain', B.tenantId],
    ] as const) {
      const c = await as(user, tenant);
      const r = await c.post(Paths.querycodetablelist, [CodeTypes.ORG_CATEGORY]);
      expect(r.body.result).toBe('1');
      expect((r.body.data.row as { codeVal: string }[]).map((x) => x.codeVal)).toEqual(['ain Category']);
    }
  });

  it("files by id: the own tenant's file, never another tenant's", async () => {
    const plain = await as('ainplain', A.tenantId);
    const code = createHash('md5').update(plain.token).digest('hex');
    expect((await plain.get(`${Paths.getfile}/${A.in.file![0]}?code=${code}`)).status).toBe(200);
    expect((await plain.get(`${Paths.getfile}/${B.in.file![0]}?code=${code}`)).status).toBe(404);
  });

  it("control: the probes find B's marker as B's own administrator, and A's outside rows as A's administrator", async () => {
    const bAdmin = await as(`${B_MARK}admin`, B.tenantId);
    const b = await probe(bAdmin, B.all, ofB());
    const aAdmin = await as('ainadmin', A.tenantId);
    const a = await probe(aAdmin, A.out, outsideA());
    console.info(
      `tenant reads control: B's marker in ${b.seen.size} reads, A's outside rows in ${a.seen.size} reads, ${a.lookups.length} lookups by id answered`,
    );
    // the lookup check can see a lookup answered: A's administrator reaches A's outside rows by id
    expect(a.lookups.length).toBeGreaterThan(8);
    expect(b.seen.size).toBeGreaterThan(20);
    expect(a.seen.size).toBeGreaterThan(15);
    for (const url of [Paths.listtenantuserstation, Paths.listtenantstation, Paths.listtenantuser, Paths.listaccount, Paths.getjob]) {
      expect(
        [...a.seen].some((k) => k.endsWith(` ${url}`)),
        url,
      ).toBe(true);
    }
    expect([...b.seen].some((k) => k.endsWith(` ${Paths.querycodetablelist}`))).toBe(true);
  }, 600_000);
});
