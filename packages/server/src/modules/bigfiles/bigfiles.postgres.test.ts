/**
 * Big files on two gateway instances sharing one PostgreSQL database and one folder (issue 18; docs/bigfile.md
 * "Several instances"): an upload started on A and continued on B after A's request hung (B's request makes A's
 * release the shared lock), two PATCHes of one upload on A and B never both writing, the lease of a crashed
 * holder running out while a live one is kept, the quota counted across instances, and one sweep at a time.
 * Runs where the unit project's global setup started PostgreSQL (MP_TEST_DATABASE_URL), on a database of its own.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BigFilePaths } from '@mp/protocol';
import type { ServerConfig } from '../../config.js';
import { rowsOf } from '../../db/client.js';
import { createTestDatabase } from '../../testing/postgres-admin.js';
import { testApp } from '../../testing/test-app.js';
import { PgLocker } from './bigfiles.locker.js';
import { sweepShared } from './bigfiles.shared.js';
import { BigFileFolder } from './bigfiles.store.js';

const serverUrl = process.env.MP_TEST_DATABASE_URL;
type TestApp = Awaited<ReturnType<typeof testApp>>;
const TUS = { 'tus-resumable': '1.0.0' };
const OCTETS = { 'content-type': 'application/offset+octet-stream' };
const meta = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LIMITS: ServerConfig['bigFile'] = {
  enabled: true,
  dir: undefined,
  maxBytes: 10_000,
  quotaBytes: 10_000,
  accept: [],
  expiryMinutes: 60,
  keepDays: 7,
  rateIp: 0,
};

async function create(t: TestApp, length: number, name = 'a.bin'): Promise<{ status: number; location: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: BigFilePaths.tus,
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': meta(name) },
  });
  return { status: res.statusCode, location: String(res.headers.location ?? '') };
}
const patch = (t: TestApp, location: string, offset: number, body: Buffer) =>
  t.app.inject({ method: 'PATCH', url: location, headers: { ...TUS, ...OCTETS, 'upload-offset': String(offset) }, payload: body });
const head = (t: TestApp, location: string) => t.app.inject({ method: 'HEAD', url: location, headers: TUS });

/** A PATCH over real HTTP that declares `length` bytes, sends `first` and then hangs, like a client whose network died. */
function hangingPatch(port: number, location: string, offset: number, length: number, first: Buffer) {
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    path: location,
    method: 'PATCH',
    headers: { ...TUS, ...OCTETS, 'upload-offset': String(offset), 'content-length': String(length) },
  });
  const answered = new Promise<number>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', () => resolve(0));
  });
  req.on('error', () => undefined);
  req.write(first);
  return { answered, write: (more: Buffer) => req.write(more), drop: () => req.destroy() };
}

/** Waits until `file` holds `size` bytes (the hanging request's bytes reached the disk). */
async function untilSize(file: string, size: number): Promise<void> {
  const t0 = Date.now();
  while (!(existsSync(file) && statSync(file).size === size)) {
    if (Date.now() - t0 > 10_000) throw new Error(`${file} never reached ${size} bytes`);
    await sleep(20);
  }
}

describe.skipIf(!serverUrl)('big files on two instances (one PostgreSQL, one folder)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let dir: string;
  let portA: number;

  /** The holder of upload `id`'s lease, if any. */
  async function leaseOf(id: string): Promise<string | undefined> {
    const rows = rowsOf<{ holder: string }>(await a.app.database.db.execute(sql`select holder from bigfile_locks where id = ${id}`));
    return rows[0]?.holder;
  }

  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!, 'mp_bigfile');
    dir = mkdtempSync(join(tmpdir(), 'mp-bigfile-two-'));
    a = await testApp({ databaseUrl: db.url, bigFile: { ...LIMITS, dir } });
    b = await testApp({ databaseUrl: db.url, bigFile: { ...LIMITS, dir } });
    await a.app.listen({ host: '127.0.0.1', port: 0 });
    portA = (a.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('continues on B an upload whose request on A hangs: B makes A release the lock, and the SHA-256 is right', async () => {
    const data = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 7) % 256));
    const { status, location } = await create(a, data.length, 'moved.bin');
    expect(status).toBe(201);
    const id = location.split('/').pop()!;
    expect((await patch(a, location, 0, data.subarray(0, 200))).statusCode).toBe(204);
    const hung = hangingPatch(portA, location, 200, 400, data.subarray(200, 350));
    await untilSize(join(dir, id), 350);

    const t0 = Date.now();
    const onB = await head(b, location); // waits for A's request to be released
    expect(onB.statusCode).toBe(200);
    expect(onB.headers['upload-offset']).toBe('350');
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect(await hung.answered).toBeGreaterThan(0); // A's request was ended (tus answers what it kept), not left writing
    hung.write(data.subarray(350, 400)); // the old client's late bytes land nowhere
    await sleep(200);
    expect(statSync(join(dir, id)).size).toBe(350);
    hung.drop();

    const done = await patch(b, location, 350, data.subarray(350));
    expect(done.statusCode).toBe(204);
    const sha = createHash('sha256').update(data).digest('hex');
    expect(done.headers['mp-upload-sha256']).toBe(sha);
    expect(readFileSync(join(dir, id)).equals(data)).toBe(true);
    const listedOnA = (await a.app.inject({ method: 'GET', url: BigFilePaths.list })).json().data.rows;
    expect(listedOnA).toContainEqual(expect.objectContaining({ id, sha256: sha, size: 600 }));
  }, 60_000);

  it('never lets PATCHes of one upload on A and B both write: B waits until A ended its request', async () => {
    const { location } = await create(a, 600, 'race.bin');
    const id = location.split('/').pop()!;
    // A's request holds the lock at offset 0 and has sent nothing yet
    const hung = hangingPatch(portA, location, 0, 600, Buffer.alloc(0));
    for (const t0 = Date.now(); !(await leaseOf(id)); await sleep(20)) expect(Date.now() - t0).toBeLessThan(10_000);

    const onB = await patch(b, location, 0, Buffer.alloc(600, 0x62));
    expect(onB.statusCode).toBe(204);
    expect(await hung.answered).toBeGreaterThan(0);
    hung.write(Buffer.alloc(300, 0x61)); // A's bytes, sent late, must not overwrite B's
    await sleep(200);
    hung.drop();
    expect(readFileSync(join(dir, id)).equals(Buffer.alloc(600, 0x62))).toBe(true);
    expect(onB.headers['mp-upload-sha256']).toBe(createHash('sha256').update(Buffer.alloc(600, 0x62)).digest('hex'));
    // and a PATCH at a stale offset is refused (tus: 409), never written
    const { location: other } = await create(b, 10, 'stale.bin');
    expect((await patch(a, other, 0, Buffer.from('01234'))).statusCode).toBe(204);
    const stale = await patch(b, other, 0, Buffer.from('abcde'));
    expect([stale.statusCode, stale.json().scode]).toEqual([409, 'bigfile.offset_mismatch']);
  }, 60_000);

  it("frees a crashed holder's lock when its lease runs out, never a live holder's", async () => {
    const lease = { leaseMs: 3_000, renewMs: 200, pollMs: 50 };
    const onA = new PgLocker(a.app.database.db, { ...lease, acquireTimeoutMs: 10_000 });
    const onB = new PgLocker(b.app.database.db, { ...lease, acquireTimeoutMs: 4_000 }); // waits longer than a lease
    const onB2 = new PgLocker(b.app.database.db, { ...lease, acquireTimeoutMs: 15_000 });
    try {
      // live: A renews its lease; B's wait asks A to release (A's request would end) and, A not unlocking, times out
      let asked = 0;
      const live = onA.newLock('live-upload');
      await live.lock(new AbortController().signal, () => {
        asked += 1;
      });
      await expect(onB.newLock('live-upload').lock(new AbortController().signal, () => undefined)).rejects.toMatchObject({ status_code: 423 });
      expect(asked).toBe(1);
      await live.unlock();

      // crashed: A stops renewing without unlocking; B gets the lock once the lease ran out, not before
      await onA.newLock('crashed-upload').lock(new AbortController().signal, () => undefined);
      onA.close();
      const t0 = Date.now();
      const taken = onB2.newLock('crashed-upload');
      await taken.lock(new AbortController().signal, () => undefined);
      const waited = Date.now() - t0;
      expect(waited).toBeGreaterThan(2_000);
      expect(waited).toBeLessThan(12_000);
      await taken.unlock();
    } finally {
      onA.close();
      onB.close();
      onB2.close();
    }
  }, 30_000);

  it('holds the quota across instances: of four creations at once on A and B, the two that fit pass', async () => {
    const used = (await b.app.inject({ method: 'GET', url: BigFilePaths.config })).json().data.row.usedBytes as number;
    const size = Math.floor((LIMITS.quotaBytes - used) / 2.5);
    const answers = await Promise.all([create(a, size), create(b, size), create(a, size), create(b, size)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 413, 413]);
    for (const t of [a, b]) {
      expect((await t.app.inject({ method: 'GET', url: BigFilePaths.config })).json().data.row.usedBytes).toBe(used + 2 * size);
    }
    // a cancelled upload gives its space back at once, on every instance
    const first = answers.find((r) => r.status === 201)!;
    expect((await a.app.inject({ method: 'DELETE', url: first.location, headers: TUS })).statusCode).toBe(204);
    expect((await b.app.inject({ method: 'GET', url: BigFilePaths.config })).json().data.row.usedBytes).toBe(used + size);
  }, 30_000);

  it('sweeps on one instance at a time, and never an upload a request holds locked', async () => {
    const kept = (await create(a, 10)).location.split('/').pop()!;
    const lockOn = new PgLocker(a.app.database.db);
    const lock = lockOn.newLock(kept);
    await lock.lock(new AbortController().signal, () => undefined);
    try {
      const before = new Set(readdirSync(dir).map((n) => n.replace(/\.json$/, ''))).size;
      const later = new Date(Date.now() + 400 * 86_400_000);
      const opts = { expiryMinutes: 60, keepDays: 7 };
      const counts = await Promise.all([a, b].map((t) => sweepShared(t.app.database.db, 'postgres', new BigFileFolder(dir), opts, later)));
      expect(counts[0]! + counts[1]!).toBe(before - 1);
      expect(readdirSync(dir).sort()).toEqual([kept, `${kept}.json`]);
    } finally {
      await lock.unlock();
      lockOn.close();
    }
  }, 30_000);
});
