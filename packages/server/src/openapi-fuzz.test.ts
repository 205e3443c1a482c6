/**
 * Property-based fuzz test over every gateway route of the OpenAPI document (issue 12 §2; docs/protocol.md
 * "Input limits"). For every route and three callers — the platform administrator (APPID of a seeded
 * application, so the application area's routes are reached too), a tenant administrator (TENANTID of a
 * seeded tenant) and an unauthenticated caller, all properly signed — it
 * sends generated bad requests (testing/openapi-fuzz.ts) and asserts for every answer: the status is
 * never 5xx, the body is the envelope (`result`, `scode`, `msg`), and a refused request wrote nothing
 * (the database's next transaction id is unchanged, or else the fingerprint of every table is).
 *
 * Bounded for `npm test`: one request per route and caller, then MP_FUZZ_RUNS more (default 5) where the
 * caller gets past the route's access rule; MP_FUZZ_SEED fixes the seed (printed on failure, with each
 * failing request, shrunk by fast-check). A longer run: `MP_FUZZ_RUNS=100 npx vitest run
 * --project unit packages/server/src/openapi-fuzz.test.ts`.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths, TOKEN_CODES } from '@mp/protocol';
import { ADMIN_PASSWORD, createTenantRow, createUserRow, testApp } from './testing/test-app.js';
import type { GatewayClient } from './testing/gateway-client.js';
import { nativeSignature } from './plugins/guard.js';
import { inScope, PLATFORM_SCOPE } from './db/context.js';
import { products } from './db/schema/index.js';
import { badRequest, changedTables, fingerprint, nextTransactionId, routesOf, type FuzzRequest, type FuzzRoute } from './testing/openapi-fuzz.js';

const RUNS = Number(process.env.MP_FUZZ_RUNS ?? 5);
const SEED = Number(process.env.MP_FUZZ_SEED ?? 20261126);
const TENANT_ADMIN = { username: 'fuzz.tenant.admin', password: 'Fuzz@2026x' };
const APP_CODE = 'fuzzapp';

type Caller = 'platform admin' | 'tenant admin' | 'anonymous';

let t: Awaited<ReturnType<typeof testApp>>;
let routes: FuzzRoute[];
let tenantId = '';
const clients = new Map<Caller, GatewayClient>();

/** A signed client for `caller` (a fresh session for the two administrators). */
async function clientFor(caller: Caller): Promise<GatewayClient> {
  const c = await t.client();
  c.sign = nativeSignature;
  c.language = 'EN_US';
  if (caller === 'platform admin') {
    await c.signIn('admin', ADMIN_PASSWORD);
    // The application area's routes ({ app: 'admin' }) need an application: a platform administrator reaches every one.
    c.appId = APP_CODE;
  }
  if (caller === 'tenant admin') {
    await c.signIn(TENANT_ADMIN.username, TENANT_ADMIN.password);
    c.tenantId = tenantId;
  }
  return c;
}

/** Waits until nothing writes (the background statistics refresh of the start has finished). */
async function settle(): Promise<void> {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const x = await nextTransactionId(t.app.database.db);
    if (x === last) return;
    last = x;
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  t = await testApp();
  tenantId = await createTenantRow(t.app, 'fuzzco');
  await createUserRow(t.app, { tenantId, username: TENANT_ADMIN.username, password: TENANT_ADMIN.password, identities: [3] });
  await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(products).values({
      id: randomUUID(),
      code: APP_CODE,
      name: 'Fuzz app',
      abbreviation: 'FA',
      version: 'V1',
      callbackUrl: 'https://fuzz.example.com/cb',
      department: 'IT',
      ownerName: 'Owner',
      ownerEmail: 'owner@example.com',
      ownerPhone: '13800138000',
      opsOwner: 'Ops',
    }),
  );
  const doc = await t.app.inject({ method: 'GET', url: Paths.openapi });
  // The OpenID provider's own endpoints are not under /gateway and not in this test.
  routes = routesOf(JSON.parse(doc.payload), '/gateway/');
  for (const caller of ['platform admin', 'tenant admin', 'anonymous'] as const) clients.set(caller, await clientFor(caller));
  await settle();
});
afterAll(async () => {
  await t?.close();
});

interface Finding {
  caller: Caller;
  request: FuzzRequest;
  problem: string;
}

/** Sends a request whose body is not JSON (a form, text), signed with range 1 as such requests are. */
async function sendForm(c: GatewayClient, req: FuzzRequest) {
  const res = await t.app.inject({
    method: req.method,
    url: req.url,
    headers: { ...c.headersFor(req.method, undefined), 'content-type': req.contentType!, ...req.headers },
    payload: req.body,
  });
  let body;
  try {
    body = JSON.parse(res.payload);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers as Record<string, string>, body, raw: res.rawPayload };
}

describe('fuzzing every gateway route with bad input (fast-check)', () => {
  it('never answers 5xx, always answers the envelope, and a refused request writes nothing', async () => {
    const db = t.app.database.db;
    let cached = { xid: await nextTransactionId(db), fp: await fingerprint(db) };
    const stats = { requests: 0, status5xx: 0, accepted: 0, acceptedWrites: 0, relogins: 0, reached: 0 };
    const findings: Finding[] = [];
    const failedRoutes: string[] = [];
    const sessionLost = new Set<Caller>();
    const histogram = new Map<string, number>();
    const acceptedWrites: string[] = [];

    /** Sends one request as `caller` and returns what is wrong with the answer, or undefined. */
    const probe = async (caller: Caller, req: FuzzRequest): Promise<string | undefined> => {
      const c = clients.get(caller)!;
      const x = await nextTransactionId(db);
      if (x !== cached.xid) cached = { xid: x, fp: await fingerprint(db) };
      const r = req.contentType
        ? await sendForm(c, req)
        : await c.send(req.method, req.url, undefined, {
            ...(req.body === undefined ? {} : { rawBody: req.body }),
            ...(req.headers ? { headers: req.headers } : {}),
          });
      stats.requests++;
      const key = `${caller} ${r.status} ${r.body?.scode}`;
      histogram.set(key, (histogram.get(key) ?? 0) + 1);
      if (r.status >= 500) stats.status5xx++;
      if (TOKEN_CODES.includes(r.body?.scode as string) && !req.headers?.authorization && !sessionLost.has(caller)) {
        sessionLost.add(caller);
        acceptedWrites.push(`(session of ${caller} ended before ${req.method} ${req.url.slice(0, 120)})`);
      }
      const isJson = (r.headers['content-type'] ?? '').includes('application/json');
      const envelope =
        r.body &&
        typeof r.body === 'object' &&
        (r.body.result === '0' || r.body.result === '1') &&
        typeof r.body.scode === 'string' &&
        typeof r.body.msg === 'string';
      const accepted = r.status < 300 && (envelope ? r.body.result === '1' : !isJson);
      let problem: string | undefined;
      if (r.status >= 500) problem = `HTTP ${r.status} ${r.raw.toString('utf8').slice(0, 200)}`;
      else if (!envelope && !(accepted && !isJson)) problem = `not the envelope: HTTP ${r.status} ${r.raw.toString('utf8').slice(0, 200)}`;
      const after = await nextTransactionId(db);
      if (after !== cached.xid) {
        const fp = await fingerprint(db);
        const changed = changedTables(cached.fp, fp);
        cached = { xid: after, fp };
        if (changed.length && accepted) {
          stats.acceptedWrites++;
          acceptedWrites.push(`${req.method} ${req.url.slice(0, 120)} as ${caller} (${req.what}) wrote ${changed.join(', ')}`);
        }
        if (changed.length && !accepted && !problem) problem = `refused (HTTP ${r.status} ${r.body?.scode}) but wrote ${changed.join(', ')}`;
      }
      if (accepted) stats.accepted++;
      // Refused by the route's access rule before validation: more bad values would test nothing new.
      lastGuarded = (r.status === 401 && r.body?.scode === Codes.TOKEN_MISSING) || r.body?.scode === Codes.NO_PERMISSION;
      return problem;
    };

    /** Runs `numRuns` generated requests for one route and caller; notes the smallest failing one. */
    const runPair = async (route: FuzzRoute, caller: Caller, seed: number, numRuns: number) => {
      let last: Finding | undefined;
      try {
        await fc.assert(
          fc.asyncProperty(badRequest(route), async (req) => {
            const problem = await probe(caller, req);
            if (problem) last = { caller, request: req, problem };
            return problem === undefined;
          }),
          { seed, numRuns, endOnFailure: false, maxSkipsPerRun: 0 },
        );
        return true;
      } catch {
        // fast-check shrank to `last` (the smallest failing request it found); note it and go on.
        if (last) findings.push(last);
        failedRoutes.push(`${route.method} ${route.path} as ${caller} (seed ${seed}, ${numRuns} runs)`);
        return false;
      }
    };

    let index = 0;
    let lastGuarded = false;
    for (const route of routes) {
      for (const caller of ['platform admin', 'tenant admin', 'anonymous'] as const) {
        const seed = SEED + 2 * index++;
        // One request first; when the access rule refuses it (this caller may not use the route), that
        // answer is checked and the pair is done, else RUNS more bad requests go to the route's checks.
        if ((await runPair(route, caller, seed, 1)) && !lastGuarded) {
          stats.reached++;
          await runPair(route, caller, seed + 1, RUNS);
        }
        // A generated request may end the caller's own session (a logout with a plausible body): sign in again.
        if (sessionLost.has(caller)) {
          sessionLost.delete(caller);
          stats.relogins++;
          clients.set(caller, await clientFor(caller));
          cached = { xid: await nextTransactionId(db), fp: await fingerprint(db) };
        }
      }
    }

    console.log(
      `openapi fuzz: ${routes.length} routes × 3 callers (${stats.reached} pairs past the access rule, ${RUNS} more runs each), seed ${SEED}: ${stats.requests} requests, ${stats.status5xx} answered 5xx, ` +
        `${stats.accepted} accepted (${stats.acceptedWrites} of them wrote), ${stats.relogins} sign-ins again, ${findings.length} failing route/caller pairs`,
    );
    for (const f of findings) {
      console.log(
        `  ${f.request.method} ${f.request.url.slice(0, 200)} as ${f.caller}: ${f.problem}\n    (${f.request.what}) body: ${(f.request.body ?? '').slice(0, 300)}`,
      );
    }
    if (process.env.MP_FUZZ_VERBOSE) {
      console.log(
        [...histogram]
          .sort((a, b) => b[1] - a[1])
          .map(([k, n]) => `${n} ${k}`)
          .join('\n'),
      );
      console.log(`accepted requests that wrote:\n  ${acceptedWrites.join('\n  ')}`);
    }
    expect(routes.length).toBeGreaterThan(100);
    expect(failedRoutes, `MP_FUZZ_SEED=${SEED} MP_FUZZ_RUNS=${RUNS}`).toEqual([]);
  }, 600_000);
});
