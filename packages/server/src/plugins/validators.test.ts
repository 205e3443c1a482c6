import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../testing/test-app.js';
import type { GatewayClient } from '../testing/gateway-client.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('input validation by part (plugins/validators.ts)', () => {
  it('refuses a JSON body whose value has the wrong type instead of converting it, and writes nothing', async () => {
    const before = (await c.post(Paths.listtenant, { page: 1, pageSize: 100 })).body.data.records;
    for (const status of ['1', true, [1]]) {
      const r = await c.post(Paths.addtenant, { code: 'typed', name: 'Typed', abbreviation: 'ty', logo: 'x', address: 'a', status });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ result: '0', scode: Codes.BODY_INVALID });
      expect(r.body.data.errors[0].field).toBe('status');
    }
    const paged = await c.post(Paths.listtenant, { page: '1', pageSize: 100 });
    expect(paged.status).toBe(400);
    expect((await c.post(Paths.listtenant, { page: 1, pageSize: 100 })).body.data.records).toBe(before);
  });

  it('still reads numbers from the query string, which is text on the wire', async () => {
    const r = await c.get(`${Paths.querymailconfiglist}?page=1&pageSize=5`);
    expect(r.status).toBe(200);
    expect(r.body.result).toBe('1');
    const bad = await c.get(`${Paths.querymailconfiglist}?page=x`);
    expect(bad.status).toBe(400);
  });
});
