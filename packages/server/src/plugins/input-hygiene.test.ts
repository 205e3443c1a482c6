import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, testApp } from '../testing/test-app.js';
import { findInputProblem } from './input-hygiene.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  await t.close();
});

describe('input hygiene (plugins/input-hygiene.ts)', () => {
  it('finds NUL, unpaired surrogates, forbidden keys, script tags and deep nesting; passes clean data and surrogate pairs', () => {
    expect(findInputProblem({ a: 'x\u0000y' }, 'body', true)).toEqual({ field: 'body.a', code: Codes.INPUT_BAD_CHARACTERS });
    expect(findInputProblem({ a: ['ok', 'x\uD800'] }, 'body', true)).toEqual({ field: 'body.a.1', code: Codes.INPUT_BAD_CHARACTERS });
    expect(findInputProblem({ a: '\uDC00x' }, 'body', true)?.code).toBe(Codes.INPUT_BAD_CHARACTERS);
    expect(findInputProblem(JSON.parse('{"__proto__": {"x": 1}}'), 'body', true)).toEqual({ field: 'body.__proto__', code: Codes.INPUT_BAD_KEY });
    expect(findInputProblem({ note: 'a <script>alert(1)</script>' }, 'body', true)?.code).toBe(Codes.SCRIPT_TAG);
    expect(findInputProblem({ note: 'a <script>' }, 'query', false)).toBeUndefined();
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findInputProblem(deep, 'body', true)?.code).toBe(Codes.INPUT_TOO_DEEP);
    expect(findInputProblem({ name: '张三 😀 <img src=x onerror=alert(1)>', n: 1, list: [null, true] }, 'body', true)).toBeUndefined();
  });

  it('answers HTTP 400 with the envelope and a localised message, also before sign-in (checkresetpwd)', async () => {
    const c = await t.client();
    const r = await c.post(`${Paths.checkresetpwd}?username=${encodeURIComponent('a\u0000b')}&pwdflag=x`, undefined);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: '0', scode: Codes.INPUT_BAD_CHARACTERS });
    expect(r.body.msg).toContain('query.username');
    c.language = 'EN_US';
    // A lone surrogate cannot travel in a URL (it has no UTF-8 form); a JSON escape carries it.
    const en = await c.post(Paths.signin, undefined, { rawBody: '{"username":"a\\ud800","password":"x"}' });
    expect(en.status).toBe(400);
    expect(en.body.msg).toMatch(/unpaired surrogate/);
  });

  it('refuses a NUL in a signed-in write and writes nothing', async () => {
    const c = await t.client();
    await c.signIn('admin', ADMIN_PASSWORD);
    c.language = 'EN_US';
    const before = await c.post(Paths.listtenant, { page: 1, pageSize: 100 });
    const r = await c.post(Paths.addtenant, { name: 'Bad\u0000Name', abbreviation: 'bad', code: 'badnul', status: 1, address: 'x', logo: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ result: '0', scode: Codes.INPUT_BAD_CHARACTERS });
    expect(r.body.msg).toMatch(/not allowed/);
    const after = await c.post(Paths.listtenant, { page: 1, pageSize: 100 });
    expect(after.body.data.records).toBe(before.body.data.records);
  });
});
