/**
 * Signing keys are generated once and kept in the database (issue 4: "every instance serves the same
 * keys"): a restart on the same data folder serves the same JWKS, and a second load agrees with the first.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/client.js';
import { listeningApp } from './oidc.fixtures.js';
import { loadProviderKeys } from './keys.js';

describe('OpenID provider keys', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mp-oidc-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function jwksOfFreshInstance(): Promise<unknown> {
    const { app, issuer } = await listeningApp({ dataDir: dir });
    try {
      const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
      const jwks = await (await fetch(discovery.jwks_uri)).json();
      // Another load (what a second instance on the same database does) finds the same keys.
      const again = await loadProviderKeys(app.database.db);
      expect(again.jwks.map((k) => k.kid)).toEqual((jwks as { keys: { kid: string }[] }).keys.map((k) => k.kid));
      return jwks;
    } finally {
      await app.close();
    }
  }

  it('two loads racing on a new database agree on one key set (the advisory lock)', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const [a, b] = await Promise.all([loadProviderKeys(database.db), loadProviderKeys(database.db)]);
      expect(a.jwks.map((k) => k.kid)).toEqual(b.jwks.map((k) => k.kid));
      expect(a.cookieKeys).toEqual(b.cookieKeys);
      expect(a.jwks.map((k) => k.alg)).toEqual(['RS256', 'ES256']);
    } finally {
      await database.close();
    }
  });

  it('serves the same JWKS after a restart on the same database, and never a private part', async () => {
    const first = await jwksOfFreshInstance();
    const second = await jwksOfFreshInstance();
    expect(second).toEqual(first);
    expect(JSON.stringify(first)).not.toMatch(/"d":/);
  });
});
