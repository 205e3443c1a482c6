import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Paths, RoleCodes, UserCodes } from '@mp/protocol';
import { testApp } from '../testing/test-app.js';
import { createTestDatabase } from '../testing/postgres-admin.js';
import { setUp, type TestApp } from './roles/roles.tenant.testing.js';
import { tenantUser } from './users/users.tenant.testing.js';

// Real uniqueness races on PostgreSQL (lib/unique-violation.ts; the staged version for PGlite is
// unique-races.test.ts): several simultaneous calls write one unique key through a connection pool, so
// more than one can pass the "in use" pre-check; exactly one must win and every other one must get the
// localised message — never a 500. Runs when MP_TEST_DATABASE_URL names a PostgreSQL server whose user
// may create databases; the unit project's global setup (testing/postgres-server.ts) starts one and sets
// it, or it names your own (e.g. postgres://postgres@127.0.0.1:5432/postgres). Each run creates a
// database with a random name and drops it, so files running in parallel do not collide.
const serverUrl = process.env.MP_TEST_DATABASE_URL;
const CALLS = 12;

let t: TestApp;
let f: Awaited<ReturnType<typeof setUp>>;
let dropDatabase = async () => {};

/** Sends `CALLS` copies of a call at once; answers the result codes ('1' for success) and HTTP statuses. */
async function together(send: () => Promise<{ status: number; body: { result: string; scode: string } }>) {
  const answers = await Promise.all(Array.from({ length: CALLS }, send));
  return { statuses: answers.map((a) => a.status), codes: answers.map((a) => (a.body.result === '1' ? '1' : a.body.scode)).sort() };
}

describe.skipIf(!serverUrl)('on PostgreSQL, simultaneous writes of one unique key', () => {
  beforeAll(async () => {
    const db = await createTestDatabase(serverUrl!, 'mp_race');
    dropDatabase = db.drop;
    t = await testApp({ databaseUrl: db.url });
    f = await setUp(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await dropDatabase();
  });

  it('one role with a role number wins; every other call gets role.no_in_use', async () => {
    const r = await together(() => f.admin.post(Paths.addtenantrole, { roleNo: 'racers', roleName: 'Racers', orgId: f.east }));
    expect(r.statuses.every((s) => s === 200)).toBe(true);
    expect(r.codes).toEqual(['1', ...Array(CALLS - 1).fill(RoleCodes.NO_IN_USE)]);
  });

  it('one user with a user name wins; every other call gets user.username_in_use', async () => {
    const r = await together(() => f.admin.post(Paths.addtenantuser, tenantUser(f.admin, 'racer', f.east)));
    expect(r.statuses.every((s) => s === 200)).toBe(true);
    expect(r.codes).toEqual(['1', ...Array(CALLS - 1).fill(UserCodes.USERNAME_IN_USE)]);
  });
});
