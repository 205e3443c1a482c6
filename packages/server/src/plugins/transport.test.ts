import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../testing/test-app.js';
import { findNonFinite, MAX_HEADER_BYTES, MAX_PARAM_LENGTH, MAX_URL_BYTES, urlDecodes } from './transport.js';

let t: Awaited<ReturnType<typeof testApp>>;
let base = '';
beforeAll(async () => {
  t = await testApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
});

/** The parsed answer of an inject call: status and envelope. */
async function inject(method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string> = {}, payload?: string) {
  const r = await t.app.inject({ method, url, headers: { 'x-language': 'EN_US', ...headers }, payload });
  return { status: r.statusCode, body: JSON.parse(r.payload) as Record<string, unknown> };
}

/** Sends `text` as it is over a real socket and reads the whole answer (the request asks to close). */
function rawHttp(text: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => undefined); // the server closes after answering; the answer is what counts
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(all)?.[1] ?? 0);
      const body = all.slice(all.indexOf('\r\n\r\n') + 4);
      try {
        resolve({ status, body: JSON.parse(body) });
      } catch (e) {
        reject(new Error(`not JSON: ${all.slice(0, 300)}`, { cause: e }));
      }
    });
    socket.write(text);
  });
}

function expectEnvelope(r: { status: number; body: object }, status: number, code: string, message: RegExp) {
  expect(r.status).toBe(status);
  expect(r.body).toMatchObject({ result: '0', scode: code });
  expect((r.body as { msg?: string }).msg).toMatch(message);
}

describe('answers from the HTTP layer carry the envelope (plugins/transport.ts, plugins/errors.ts)', () => {
  it('decodes a request target only when every escape is well formed UTF-8', () => {
    expect(urlDecodes('/gateway/auth/?a=%E4%BD%A0&b=x+y&c')).toBe(true);
    expect(urlDecodes('/gateway/auth/%ZZ')).toBe(false);
    expect(urlDecodes('/gateway/auth/?a=%E0%A4%A')).toBe(false);
    expect(urlDecodes('/gateway/auth/?%ED%A0%80=1')).toBe(false); // an encoded lone surrogate
    expect(urlDecodes('/gateway/auth/?a=%C0%80')).toBe(false); // an overlong NUL
  });

  it('answers bad percent-encoding in the path or the query with 400', async () => {
    expectEnvelope(await inject('GET', '/gateway/tenant/plat/file/get/%E0%A4%A?code=x'), 400, Codes.BAD_URL, /percent-encoding/);
    expectEnvelope(await inject('GET', '/gateway/auth/%ZZ'), 400, Codes.BAD_URL, /percent-encoding/);
    expectEnvelope(await inject('GET', '/gateway/auth/?x=%E0%A4%A'), 400, Codes.BAD_URL, /percent-encoding/);
    expectEnvelope(await inject('POST', `${Paths.checkresetpwd}?username=%ED%A0%80`), 400, Codes.BAD_URL, /percent-encoding/);
  });

  it('answers an over-long address or path parameter with 414', async () => {
    expectEnvelope(await inject('GET', `/gateway/auth/?x=${'a'.repeat(MAX_URL_BYTES)}`), 414, Codes.URL_TOO_LONG, /too long/);
    expectEnvelope(await inject('GET', `/gateway/tenant/plat/file/get/${'a'.repeat(MAX_PARAM_LENGTH + 1)}?code=x`), 414, Codes.URL_TOO_LONG, /too long/);
  });

  it("answers an unknown route or method with 404, in the caller's language", async () => {
    expectEnvelope(await inject('GET', '/gateway/no/such/api'), 404, Codes.NOT_FOUND, /No such API/);
    expectEnvelope(await inject('PUT', Paths.config), 404, Codes.NOT_FOUND, /No such API/);
    expectEnvelope(await inject('GET', '/gateway/no/such/api', { 'x-language': 'JA_JP' }), 404, Codes.NOT_FOUND, /API は存在しません/);
  });

  it('answers a body over the limit with 413, a content type no route reads with 415, bad JSON with 400', async () => {
    const json = { 'content-type': 'application/json' };
    expectEnvelope(
      await inject('POST', Paths.signin, json, JSON.stringify({ username: 'x'.repeat(t.app.config.bodyLimit) })),
      413,
      Codes.PAYLOAD_TOO_LARGE,
      /larger than allowed/,
    );
    expectEnvelope(await inject('POST', Paths.signin, { 'content-type': 'text/plain' }, 'x'), 415, Codes.UNSUPPORTED_MEDIA_TYPE, /content type/);
    expectEnvelope(
      await inject('POST', Paths.signin, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'),
      415,
      Codes.UNSUPPORTED_MEDIA_TYPE,
      /content type/,
    );
    expectEnvelope(await inject('POST', Paths.signin, {}, 'x'), 415, Codes.UNSUPPORTED_MEDIA_TYPE, /content type/);
    expectEnvelope(await inject('POST', Paths.signin, json, '{"username":'), 400, Codes.BODY_INVALID, /Invalid request parameters/);
  });

  it('answers a body nested half a million levels deep (just under the body limit) with 400', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const deep = `${'['.repeat(500_000)}${']'.repeat(500_000)}`;
    expectEnvelope(await c.post(Paths.signin, undefined, { rawBody: deep }), 400, Codes.INPUT_TOO_DEEP, /nested too deeply/);
  });

  it('answers a JSON body sent to the multipart upload with 415', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    await c.signIn('admin', ADMIN_PASSWORD);
    expectEnvelope(await c.post(Paths.uploadfile, { file: 'x' }), 415, Codes.UNSUPPORTED_MEDIA_TYPE, /content type/);
  });

  it('refuses a GET that carries a body with 400', async () => {
    expectEnvelope(await inject('GET', Paths.config, { 'content-type': 'application/json' }, '{"a":1}'), 400, Codes.BODY_NOT_ALLOWED, /may not carry a body/);
  });

  it('refuses a number that is not finite after validation (Ajv coerces "1e400" to Infinity past maximum) with 400', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    await c.signIn('admin', ADMIN_PASSWORD);
    for (const q of ['page=1e400', 'pageSize=Infinity', 'page=-1e400']) {
      expectEnvelope(await c.get(`${Paths.querymailconfiglist}?${q}`), 400, Codes.BODY_INVALID, /must be a finite number/);
    }
    expectEnvelope(await c.post(Paths.listtenant, { page: '1e400', pageSize: 10 }), 400, Codes.BODY_INVALID, /finite|integer/);
    expect(findNonFinite({ a: [1, { b: -Infinity }] }, 'body')).toBe('body.a.1.b');
    expect(findNonFinite({ a: [1, { b: 2 }], s: 'Infinity' }, 'body')).toBeUndefined();
  });

  it('answers a malformed multipart body (no boundary, no parts) with 400, not 500', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    await c.signIn('admin', ADMIN_PASSWORD);
    for (const [type, payload] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=XyZ', 'garbage'],
      ['multipart/form-data; boundary=XyZ', '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'],
    ] as const) {
      for (const url of [Paths.uploadfile, Paths.importuser]) {
        const r = await t.app.inject({ method: 'POST', url, headers: { ...c.headersFor('POST', undefined), 'content-type': type }, payload });
        expect(r.statusCode, `${url} ${type} ${payload.slice(0, 20)}`).toBeLessThan(500);
        expect(JSON.parse(r.payload)).toMatchObject({ result: '0' });
      }
    }
    const r = await t.app.inject({
      method: 'POST',
      url: Paths.uploadfile,
      headers: { ...c.headersFor('POST', undefined), 'content-type': 'multipart/form-data; boundary=XyZ' },
      payload: 'garbage',
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.payload)).toMatchObject({ result: '0', scode: Codes.BODY_INVALID });
  });

  it('over a real socket: headers over the limit → 431; malformed HTTP, no Host → 400; an unmet Expect → 417; all with the envelope', async () => {
    const big = `GET ${Paths.config} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Language: EN_US\r\nX-Big: ${'a'.repeat(MAX_HEADER_BYTES)}\r\nConnection: close\r\n\r\n`;
    expectEnvelope(await rawHttp(big), 431, Codes.HEADERS_TOO_LARGE, /headers are too large/);
    const zh = `GET ${Paths.config} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(MAX_HEADER_BYTES)}\r\n\r\n`;
    expectEnvelope(await rawHttp(zh), 431, Codes.HEADERS_TOO_LARGE, /请求头过大/);
    expectEnvelope(await rawHttp('NOT HTTP AT ALL\r\n\r\n'), 400, Codes.BAD_REQUEST, /请求格式不正确/);
    expectEnvelope(await rawHttp(`GET ${Paths.config} HTTP/1.1\r\nX-Language: EN_US\r\nConnection: close\r\n\r\n`), 400, Codes.BAD_REQUEST, /malformed/);
    expectEnvelope(
      await rawHttp(`GET ${Paths.config} HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nX-Language: EN_US\r\nConnection: close\r\n\r\n`),
      417,
      Codes.BAD_REQUEST,
      /malformed/,
    );
    expectEnvelope(
      await rawHttp(`POST ${Paths.signin} HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`),
      400,
      Codes.BAD_REQUEST,
      /请求格式不正确/,
    );
  });

  it('over a real socket: an over-long URL → 414, bad percent-encoding → 400', async () => {
    const long = `GET /gateway/auth/?x=${'a'.repeat(MAX_URL_BYTES)} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Language: EN_US\r\nConnection: close\r\n\r\n`;
    expectEnvelope(await rawHttp(long), 414, Codes.URL_TOO_LONG, /too long/);
    const bad = `GET /gateway/auth/%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Language: EN_US\r\nConnection: close\r\n\r\n`;
    expectEnvelope(await rawHttp(bad), 400, Codes.BAD_URL, /percent-encoding/);
  });
});

describe('signing headers (plugins/guard.ts, PROTOCOL.md Signature)', () => {
  it('accepts only decimal milliseconds as X-Timestamp (0x…, .5, 1e12, spaces refused with 401)', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    const now = Date.now();
    for (const ts of [`0x${now.toString(16)}`, `${now}.5`, `${now / 1000}e3`, ` ${now}`, `${now} `, `+${now}`, '0b1', '']) {
      // The signature is made over the same odd text, so only the timestamp's form is wrong.
      const r = await c.post(Paths.signin, { username: 'admin', password: c.encrypt('wrong') }, { timestamp: ts as unknown as number });
      expect(r.status, ts).toBe(401);
      expect(r.body.scode, ts).toBe(ts === '' ? Codes.HEADERS_MISSING : Codes.TIMESTAMP_INVALID);
    }
    const fine = await c.post(Paths.signin, { username: 'admin', password: c.encrypt('wrong') }, { timestamp: now });
    expect(fine.status).toBe(200);
  });

  it('refuses a JSON body signed with sign range 1 (the body would be unsigned): nothing is written', async () => {
    const c = await t.client();
    c.language = 'EN_US';
    await c.signIn('admin', ADMIN_PASSWORD);
    const body = JSON.stringify({ name: 'Range One', abbreviation: 'r1', code: 'rangeone', status: 1, address: 'Somewhere 1' });
    // Range-1 headers (what a GET would carry), then a POST with a JSON body under them.
    const headers = { ...c.headersFor('GET', undefined), 'content-type': 'application/json' };
    const r = await t.app.inject({ method: 'POST', url: Paths.addtenant, headers, payload: body });
    expect(r.statusCode).toBe(401);
    expect(JSON.parse(r.payload)).toMatchObject({ result: '0', scode: Codes.SIGN_RANGE_WRONG });
    const list = await c.post(Paths.listtenant, { page: 1, pageSize: 100, keyword: 'rangeone' });
    expect(list.body.data.records).toBe(0);
  });

  it('refuses sign range 2 without a body, and a range other than 1 or 2', async () => {
    const c = await t.client();
    const r = await c.send('POST', Paths.signin, undefined, { headers: { 'x-sign-range': '2' } });
    expect(r.status).toBe(401);
    expect(r.body.scode).toBe(Codes.SIGN_RANGE_WRONG);
    const g = await c.post(Paths.signin, { username: 'nobody', password: c.encrypt('x') }, { headers: { 'x-sign-range': '3' } });
    expect(g.status).toBe(401);
    expect(g.body.scode).toBe(Codes.SIGN_RANGE_WRONG);
  });
});
