/**
 * The baseline of the OpenID Connect scenarios (issue 17 "OpenID Connect hot path"; docs/benchmarks.md
 * "Sign-in and OpenID Connect"): a minimal `oidc-provider` — the library's own in-memory adapter, one
 * static confidential client, an account answered from memory, nothing else — as its own process, so
 * it shares no event loop with the load generator or the real server. It issues one access token
 * (a grant plus the token, saved through the provider's models as the authorization-code flow would)
 * and prints one JSON line `{ port, token, clientId, clientSecret }` on stdout, then serves until killed.
 *
 * Run by bench/signin.ts (`node --import tsx bench/oidc-minimal.ts <port>`).
 */
import Provider from 'oidc-provider';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: oidc-minimal.ts <port>');
const issuer = `http://127.0.0.1:${port}`;
const CLIENT = { clientId: 'minimal-rp', clientSecret: 'minimal-rp-secret-0123456789abcdef' };

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      redirect_uris: ['http://127.0.0.1:9/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  ],
  claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
  features: { devInteractions: { enabled: false }, introspection: { enabled: true }, userinfo: { enabled: true } },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, name: 'Bench user', preferred_username: 'bench' }) }),
});

const client = (await provider.Client.find(CLIENT.clientId))!;
const grant = new provider.Grant({ accountId: 'bench-user', clientId: CLIENT.clientId });
grant.addOIDCScope('openid profile');
const grantId = await grant.save();
const token = await new provider.AccessToken({ accountId: 'bench-user', client, grantId, scope: 'openid profile', gty: 'authorization_code' }).save();

provider.listen(port, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ port, token, ...CLIENT })}\n`);
});
