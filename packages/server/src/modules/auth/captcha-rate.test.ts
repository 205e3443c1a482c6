/**
 * New verification checks are rate-limited per client address (issue 12 §3; docs/login.md): each one
 * costs the server an image and a proof-of-work challenge, so a flood is answered 429 with the envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, Paths } from '@mp/protocol';
import { testApp } from '../../testing/test-app.js';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  delete process.env.MP_CAPTCHA_RATE_IP;
  await t.close();
});

describe('validcode rate limit (MP_CAPTCHA_RATE_IP)', () => {
  it('answers 429 with Retry-After and a localised envelope past the limit, and issues no captcha then', async () => {
    process.env.MP_CAPTCHA_RATE_IP = '3';
    const c = await t.client();
    c.language = 'EN_US';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await c.post(Paths.validcode, undefined));
    expect(answers.slice(0, 3).map((r) => r.body.result)).toEqual(['1', '1', '1']);
    const refused = answers[3]!;
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ result: '0', scode: Codes.RATE_LIMITED });
    expect(refused.body.msg).toMatch(/Too many requests/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.data?.row).toBeUndefined();
  });
});
