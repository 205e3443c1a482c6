/**
 * The OpenAPI document as a product (issue 17; docs/protocol.md "OpenAPI"): every operation has its
 * responses and the security its access rule asks for; the signature headers are apiKey schemes; real
 * answers (successes, refusals, 400, 401) validate against the schema the document gives for their status;
 * the document is served at both addresses and the reference page loads its assets from the own origin
 * under its own Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { ApiDocPaths, Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../testing/test-app.js';
import type { GatewayClient, RawResponse } from '../testing/gateway-client.js';
import { createTenantWithOrgs, validUser } from '../modules/users/users.testing.js';

type Op = { responses?: Record<string, { content?: Record<string, { schema: unknown }>; $ref?: string }>; security?: Record<string, string[]>[] };
type Doc = {
  paths: Record<string, Record<string, Op>>;
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string; scheme?: string }>;
    responses: Record<string, { content: Record<string, { schema: unknown }> }>;
  };
};

let t: Awaited<ReturnType<typeof testApp>>;
let doc: Doc;
let admin: GatewayClient;
const ajv = new Ajv({ strict: false, allErrors: true });

/** The schema the document gives for `status` of `method path` (a components.responses $ref followed). */
function schemaFor(path: string, method: string, status: number): unknown {
  const op = doc.paths[path]?.[method];
  expect(op, `${method} ${path} documented`).toBeDefined();
  let res = op!.responses?.[String(status)] ?? op!.responses?.[`${String(status)[0]}XX`];
  expect(res, `${method} ${path} documents ${status}`).toBeDefined();
  if (res!.$ref) res = doc.components.responses[res!.$ref.split('/').pop()!]!;
  return res!.content!['application/json']!.schema;
}

/** Asserts that a real answer validates against the document's schema for its status. */
function expectDocumented(path: string, method: string, r: RawResponse): void {
  const validate = ajv.compile({ ...(schemaFor(path, method, r.status) as object), components: doc.components });
  const ok = validate(r.body);
  expect(ok, `${method} ${path} ${r.status}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

beforeAll(async () => {
  t = await testApp();
  const res = await t.app.inject({ method: 'GET', url: ApiDocPaths.openapi });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t?.close();
});

describe('OpenAPI document', () => {
  it('is served at /openapi.json and /gateway/openapi.json alike', async () => {
    const old = await t.app.inject({ method: 'GET', url: Paths.openapi });
    expect(old.statusCode).toBe(200);
    expect(old.json()).toEqual(doc);
  });

  it("describes every operation's responses and security by its access rule", () => {
    const ops = Object.entries(doc.paths).flatMap(([p, m]) => Object.entries(m).map(([method, op]) => ({ p, method, op })));
    expect(ops.length).toBeGreaterThan(150);
    const access = new Map(t.app.routeTable.map((r) => [`${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]));
    for (const { p, method, op } of ops) {
      const where = `${method} ${p}`;
      expect(Object.keys(op.responses ?? {}), where).toEqual(expect.arrayContaining(['200', '400', '429', '5XX']));
      expect(op.responses!['200']!.content!['application/json']!.schema, where).toBeDefined();
      const rule = access.get(where);
      if (rule === 'public') {
        expect(op.security, where).toEqual([]);
        continue;
      }
      expect(op.responses!['401'], where).toBeDefined();
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (typeof rule === 'object' && rule && 'appClient' in rule) expect(schemes, where).toEqual(['policyClientBasic', 'policyClientBearer']);
      else expect(schemes, where).toEqual(expect.arrayContaining(['clientId', 'timestamp', 'nonce', 'signRange', 'signature']));
      if (typeof rule === 'object' && rule && 'tenant' in rule) expect(schemes, where).toContain('tenant');
      if (typeof rule === 'object' && rule && 'app' in rule) expect(schemes, where).toContain('application');
    }
  });

  it('names the signature headers as apiKey schemes, not a bearer scheme', () => {
    const s = doc.components.securitySchemes;
    const headers = Object.values(s)
      .filter((x) => x.type === 'apiKey')
      .map((x) => x.name);
    expect(headers).toEqual(
      expect.arrayContaining(['X-Client-Id', 'X-Timestamp', 'X-Nonce', 'X-Sign-Range', 'X-Signature', 'Authorization', 'TENANTID', 'APPID']),
    );
    expect(s.bearer).toBeUndefined();
    expect(s.policyClientBasic).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(doc.paths[Paths.listuser]!.post!.security).toEqual([expect.objectContaining({ signature: [], sessionToken: [] })]);
  });

  it('types the answers of the typed operations (not the generic envelope)', () => {
    for (const p of [Paths.signin, Paths.tokenlogin, Paths.listuser, Paths.adduser, Paths.listtenant, Paths.listproduct, Paths.listrole]) {
      expect(JSON.stringify(schemaFor(p, 'post', 200)), p).toContain('"required"');
      expect(JSON.stringify(schemaFor(p, 'post', 200)), p).not.toContain('#/components/schemas/Success');
    }
  });
});

describe('real answers validate against the document', () => {
  it('successes of typed operations, from sign-in to lists and a new user', async () => {
    // The one session of `admin` in this file (a second sign-in would replace it); the next test uses it.
    admin = await t.client();
    const c = admin;
    expectDocumented(Paths.config, 'get', await c.get(Paths.config, { unsigned: true }));
    const signin = await c.post(Paths.signin, { username: 'admin', password: c.encrypt(ADMIN_PASSWORD), agree: true });
    expectDocumented(Paths.signin, 'post', signin);
    // The check has teeth: the same answer without its token, or with a number for it, does not validate.
    const check = ajv.compile({ ...(schemaFor(Paths.signin, 'post', 200) as object), components: doc.components });
    expect(check({ ...signin.body, data: { row: { userId: 'x' } } })).toBe(false);
    expect(check({ ...signin.body, data: { row: { token: 1, userId: 'x' } } })).toBe(false);
    c.token = signin.body.data.row.token;
    c.userId = signin.body.data.row.userId;
    const info = await c.post(Paths.tokenlogin, { accountName: 'admin', token: c.token });
    expect(info.body.result).toBe('1');
    expectDocumented(Paths.tokenlogin, 'post', info);
    const acme = await createTenantWithOrgs(t.app, 'acme');
    const added = await c.post(Paths.adduser, { ...validUser(acme.tenantId, acme.deptId, 'docuser'), password: c.encrypt('Doc@2026xy') });
    expect(added.body.result, added.body.scode).toBe('1');
    expectDocumented(Paths.adduser, 'post', added);
    for (const [p, body] of [
      [Paths.listuser, { pageSize: 5 }],
      [Paths.listtenant, {}],
      [Paths.listproduct, {}],
      [Paths.listrole, { tenantId: 'sys' }],
      [Paths.renewaltoken, { token: c.token }],
    ] as const) {
      const r = await c.post(p, body);
      expect(r.body.result, `${p} ${r.body.scode}`).toBe('1');
      expectDocumented(p, 'post', r);
    }
    // operations without a typed answer: the generic envelope
    expect(JSON.stringify(schemaFor(Paths.querycodetablelist, 'post', 200))).toContain('#/components/schemas/Success');
    expectDocumented(Paths.querycodetablelist, 'post', await c.post(Paths.querycodetablelist, [1]));
    expectDocumented(Paths.listmymenu, 'get', await c.get(Paths.listmymenu));
  });

  // Runs after the test above, which signed `admin` in.
  it('refusals: a business refusal (200), a schema failure (400), a bad signature (401)', async () => {
    const plain = await t.client();
    await createUserRow(t.app, { username: 'doc.plain', password: 'Plain@2026x' });
    await plain.signIn('doc.plain', 'Plain@2026x');
    const refused = await plain.post(Paths.listtenant, {});
    expect(refused.body.scode).toBe(Codes.NO_PERMISSION);
    expectDocumented(Paths.listtenant, 'post', refused);
    const bad = await admin.post(Paths.listuser, { pageSize: 'many' });
    expect(bad.status).toBe(400);
    expectDocumented(Paths.listuser, 'post', bad);
    const unsigned = await admin.post(Paths.listuser, {}, { signBody: '{"tampered":1}' });
    expect(unsigned.status).toBe(401);
    expectDocumented(Paths.listuser, 'post', unsigned);
  });
});

describe('reference page', () => {
  it('is served from the npm package under its own CSP, public', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${ApiDocPaths.reference}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe');
    expect(csp).not.toMatch(/https?:/);
    for (const src of page.payload.match(/(?:src|href)="([^"]+)"/g) ?? []) expect(src, 'no outside asset').not.toMatch(/https?:\/\//);
    const bundle = await t.app.inject({ method: 'GET', url: `${ApiDocPaths.reference}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
    const json = await t.app.inject({ method: 'GET', url: `${ApiDocPaths.reference}/json` });
    expect(json.json()).toEqual(doc);
  });
});
