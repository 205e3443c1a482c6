import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUSTED_PROXIES, loadConfig } from './config.js';
import { Paths } from '@mp/protocol';
import { createUserRow, testApp } from './testing/test-app.js';
import { sessions } from './db/schema/index.js';

describe('configuration', () => {
  it('reads MP_TRUST_PROXY as true/false or an address list, private networks by default', () => {
    expect(loadConfig({}).trustProxy).toBe('loopback,linklocal,uniquelocal');
    expect(loadConfig({ MP_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ MP_TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadConfig({ MP_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('behind a trusted proxy, a forged left-most X-Forwarded-For entry is not taken as the client address', async () => {
    const ipOfSignIn = async (trustProxy: boolean | string, xff: string) => {
      const t = await testApp({ trustProxy });
      try {
        await createUserRow(t.app, { username: 'probe', password: 'Passw0rd!x' });
        const c = await t.client();
        const r = await c.post(Paths.signin, { username: 'probe', password: c.encrypt('Passw0rd!x'), agree: true }, { headers: { 'x-forwarded-for': xff } });
        expect(r.body.result).toBe('1');
        const [s] = await t.app.database.db.select().from(sessions);
        return s!.ip;
      } finally {
        await t.close();
      }
    };
    expect(await ipOfSignIn(DEFAULT_TRUSTED_PROXIES, '198.51.100.7')).toBe('198.51.100.7');
    // the client sent "1.2.3.4"; the proxy (here 127.0.0.1) appended the address it saw
    expect(await ipOfSignIn(DEFAULT_TRUSTED_PROXIES, '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    expect(await ipOfSignIn(false, '198.51.100.7')).toBe('127.0.0.1');
  }, 120_000); // three fresh databases: slow on a busy machine
});
