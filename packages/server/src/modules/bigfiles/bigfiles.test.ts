/**
 * Big files over HTTP (issue 18; docs/bigfile.md): a tus upload in chunks on a real app and folder, its
 * SHA-256, the list and the download headers; the limits (size, type, quota, length, name, switched
 * off, rate), path traversal, bad tus headers answered as the envelope (never 5xx), and the sweep.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BigFilePaths } from '@mp/protocol';
import { testApp } from '../../testing/test-app.js';
import type { ServerConfig } from '../../config.js';
import { BigFileFolder, sanitizeFileName } from './bigfiles.store.js';

const TUS = { 'tus-resumable': '1.0.0' };
const EN = { 'x-language': 'EN_US' };
const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');
const LIMITS: ServerConfig['bigFile'] = {
  enabled: true,
  dir: undefined,
  maxBytes: 1000,
  quotaBytes: 2500,
  accept: ['.txt', '.bin', 'image/*'],
  expiryMinutes: 60,
  keepDays: 7,
  rateIp: 0,
};

type App = Awaited<ReturnType<typeof testApp>>;
const dirs: string[] = [];
function freshDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mp-bigfile-test-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function create(t: App, length: number | undefined, m: Record<string, string>, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: BigFilePaths.tus,
    headers: {
      ...TUS,
      ...EN,
      ...(length === undefined ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
      'upload-metadata': meta(m),
      ...extra,
    },
  });
}
async function patch(t: App, location: string, offset: number, body: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...TUS, ...EN, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
}

describe('big files: upload, list, download', () => {
  let t: App;
  let dir: string;
  beforeAll(async () => {
    dir = freshDir();
    t = await testApp({ bigFile: { ...LIMITS, dir } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('uploads in two chunks, resumes from HEAD, and records the SHA-256 of the bytes', async () => {
    const data = Buffer.from(Array.from({ length: 900 }, (_, i) => i % 251));
    const created = await create(t, data.length, { filename: '../../etc/report <1>.txt', filetype: 'text/plain' });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^${BigFilePaths.tus}/[0-9a-f]{32}$`));
    expect(created.headers['upload-expires']).toBeTruthy();
    expect((await patch(t, location, 0, data.subarray(0, 400))).statusCode).toBe(204);
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: TUS });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('400');
    expect(head.headers['x-content-type-options']).toBe('nosniff'); // the gateway's headers stay
    const done = await patch(t, location, 400, data.subarray(400));
    expect(done.statusCode).toBe(204);
    const sha = createHash('sha256').update(data).digest('hex');
    expect(done.headers['mp-upload-sha256']).toBe(sha);

    const list = (await t.app.inject({ method: 'GET', url: BigFilePaths.list })).json().data;
    const id = location.split('/').pop()!;
    expect(list.rows).toEqual([expect.objectContaining({ id, name: 'report 1.txt', size: 900, type: 'text/plain', sha256: sha })]);
    // the browser's name never reaches the disk: only the id and its record
    expect(readdirSync(dir).sort()).toEqual([id, `${id}.json`]);

    const dl = await t.app.inject({ method: 'GET', url: `${BigFilePaths.download}/${id}` });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/octet-stream');
    expect(dl.headers['content-disposition']).toBe('attachment; filename="report 1.txt"');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-security-policy']).toContain('sandbox');
    expect(dl.rawPayload.equals(data)).toBe(true);
  });

  it('a non-ASCII name is sent as filename* with an ASCII fallback', async () => {
    const created = await create(t, 3, { filename: '报告.txt', filetype: 'text/plain' });
    const location = created.headers.location as string;
    await patch(t, location, 0, Buffer.from('abc'));
    const dl = await t.app.inject({ method: 'GET', url: `${BigFilePaths.download}/${location.split('/').pop()}` });
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="??.txt"; filename*=UTF-8''${encodeURIComponent('报告')}.txt`);
  });

  it('refuses what the configuration does not allow, with the localised message', async () => {
    const big = await create(t, 1001, { filename: 'a.txt' });
    expect([big.statusCode, big.json().scode, big.json().msg]).toEqual([413, 'bigfile.too_large', 'The file size can not exceed 1000 B']);
    const type = await create(t, 10, { filename: 'page.html', filetype: 'text/html' });
    expect([type.statusCode, type.json().scode]).toEqual([415, 'bigfile.type_not_allowed']);
    expect((await create(t, 10, { filename: 'photo.jpg', filetype: 'image/jpeg' })).statusCode).toBe(201); // by MIME type
    const noName = await create(t, 10, { filename: '../..' });
    expect([noName.statusCode, noName.json().scode]).toEqual([400, 'bigfile.name_required']);
    const deferred = await create(t, undefined, { filename: 'a.txt' });
    expect([deferred.statusCode, deferred.json().scode]).toEqual([400, 'bigfile.length_required']);
    // used: 900 + 3 + 10 = 913 of 2500; one 1000 fits, not two — even sent at the same time
    const both = await Promise.all([create(t, 1000, { filename: 'b.bin' }), create(t, 1000, { filename: 'c.bin' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    const quota = await create(t, 1000, { filename: 'd.bin' });
    expect([quota.statusCode, quota.json().scode, quota.json().msg]).toEqual([413, 'bigfile.quota_exceeded', 'Not enough storage space: 587 B left']);
  });

  it('answers bad tus requests and traversal attempts with the envelope, never 5xx', async () => {
    const created = await create(t, 10, { filename: 'x.txt' });
    const location = created.headers.location as string;
    const cases = [
      { method: 'POST' as const, url: BigFilePaths.tus, headers: { 'upload-length': '5' } }, // no Tus-Resumable
      { method: 'POST' as const, url: BigFilePaths.tus, headers: { ...TUS, 'upload-length': 'abc' } },
      { method: 'POST' as const, url: BigFilePaths.tus, headers: { ...TUS, 'upload-length': '5', 'upload-metadata': '%%%' } },
      { method: 'POST' as const, url: BigFilePaths.tus, headers: { ...TUS, 'content-type': 'application/json' }, payload: '{"a":1}' },
      { method: 'PATCH' as const, url: location, headers: { ...TUS, 'upload-offset': '0', 'content-type': 'text/plain' }, payload: 'abc' },
      {
        method: 'PATCH' as const,
        url: location,
        headers: { ...TUS, 'upload-offset': '-1', 'content-type': 'application/offset+octet-stream' },
        payload: 'abc',
      },
      { method: 'PATCH' as const, url: location, headers: { ...TUS, 'upload-offset': '7', 'content-type': 'application/offset+octet-stream' }, payload: 'abc' },
      {
        method: 'PATCH' as const,
        url: location,
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: 'x'.repeat(11),
      },
      { method: 'HEAD' as const, url: `${BigFilePaths.tus}/${'0'.repeat(32)}`, headers: TUS },
      { method: 'HEAD' as const, url: `${BigFilePaths.tus}/..%2F..%2Fetc%2Fpasswd`, headers: TUS },
      {
        method: 'PATCH' as const,
        url: `${BigFilePaths.tus}/../../../etc/passwd`,
        headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: 'a',
      },
      { method: 'GET' as const, url: `${BigFilePaths.download}/..%2F..%2Fetc%2Fpasswd` },
      { method: 'GET' as const, url: `${BigFilePaths.download}/${location.split('/').pop()}` }, // unfinished
      { method: 'DELETE' as const, url: `${BigFilePaths.tus}/nothex`, headers: TUS },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, headers: { ...EN, ...(c.headers ?? {}) } });
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      if (c.method !== 'HEAD') expect(res.json(), `${c.method} ${c.url}`).toMatchObject({ result: '0', scode: expect.any(String) });
    }
    expect(readdirSync('/etc')).toContain('passwd');
    const codes = await Promise.all([cases[0]!, cases[6]!].map(async (c) => (await t.app.inject({ ...c, headers: { ...EN, ...c.headers } })).json().scode));
    expect(codes).toEqual(['bigfile.protocol', 'bigfile.offset_mismatch']);
  });

  it('cancels an unfinished upload, but not a finished one', async () => {
    const created = await create(t, 1, { filename: 'y.txt' });
    const location = created.headers.location as string;
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: TUS })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: TUS })).statusCode).toBe(404);
    const rows = (await t.app.inject({ method: 'GET', url: BigFilePaths.list })).json().data.rows as { id: string }[];
    const finished = await t.app.inject({ method: 'DELETE', url: `${BigFilePaths.tus}/${rows[0]!.id}`, headers: { ...TUS, ...EN } });
    expect(finished.statusCode).toBe(400);
  });

  it('shows the limits', async () => {
    const row = (await t.app.inject({ method: 'GET', url: BigFilePaths.config })).json().data.row;
    expect(row).toMatchObject({ enabled: true, maxBytes: 1000, quotaBytes: 2500, accept: ['.txt', '.bin', 'image/*'], expiryMinutes: 60, keepDays: 7 });
    expect(row.usedBytes).toBeGreaterThan(0);
  });
});

describe('big files: switched off, rate limit, sweep', () => {
  let t: App | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('refuses every upload when switched off', async () => {
    t = await testApp({ bigFile: { ...LIMITS, enabled: false, dir: freshDir() } });
    const res = await create(t, 5, { filename: 'a.txt' });
    expect([res.statusCode, res.json().scode]).toEqual([403, 'bigfile.disabled']);
    expect((await t.app.inject({ method: 'GET', url: BigFilePaths.config })).json().data.row.enabled).toBe(false);
  });

  it('limits new uploads per client address', async () => {
    t = await testApp({ bigFile: { ...LIMITS, rateIp: 2, dir: freshDir() } });
    expect((await create(t, 5, { filename: 'a.txt' })).statusCode).toBe(201);
    expect((await create(t, 5, { filename: 'a.txt' })).statusCode).toBe(201);
    const third = await create(t, 5, { filename: 'a.txt' });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeTruthy();
  });

  it('the sweep deletes unfinished uploads past their expiry and finished ones past their keeping time', async () => {
    const dir = freshDir();
    t = await testApp({ bigFile: { ...LIMITS, dir } });
    const unfinished = (await create(t, 10, { filename: 'u.txt' })).headers.location as string;
    const finished = (await create(t, 2, { filename: 'f.txt' })).headers.location as string;
    await patch(t, finished, 0, Buffer.from('ok'));
    const folder = new BigFileFolder(dir);
    const now = Date.now();
    expect(await folder.sweep({ expiryMinutes: 60, keepDays: 7 }, new Date(now + 59 * 60_000))).toBe(0);
    expect(await folder.sweep({ expiryMinutes: 60, keepDays: 7 }, new Date(now + 61 * 60_000))).toBe(1);
    expect(existsSync(join(dir, unfinished.split('/').pop()!))).toBe(false);
    expect((await t.app.inject({ method: 'HEAD', url: unfinished, headers: TUS })).statusCode).toBe(404);
    expect(await folder.sweep({ expiryMinutes: 60, keepDays: 0 }, new Date(now + 400 * 86_400_000))).toBe(0);
    expect(await folder.sweep({ expiryMinutes: 60, keepDays: 7 }, new Date(now + 8 * 86_400_000))).toBe(1);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('sanitizeFileName', () => {
  it('keeps the last segment without control, bidirectional and reserved characters', () => {
    expect(sanitizeFileName('..\\..\\windows\\win.ini')).toBe('win.ini');
    expect(sanitizeFileName('a/b/../c.txt')).toBe('c.txt');
    expect(sanitizeFileName('evil\u202Etxt.exe')).toBe('eviltxt.exe');
    expect(sanitizeFileName(' .hidden. ')).toBe('hidden');
    expect(sanitizeFileName('CON.txt')).toBe('_CON.txt');
    expect(sanitizeFileName('a\r\nb"c.txt')).toBe('abc.txt');
    expect([...sanitizeFileName(`${'名'.repeat(300)}.tar.gz`)]).toHaveLength(200);
    expect(sanitizeFileName(`${'名'.repeat(300)}.gz`).endsWith('.gz')).toBe(true);
    expect(sanitizeFileName('..')).toBe('');
  });
});
