import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import { Codes, Paths } from '@mp/protocol';
import { ADMIN_PASSWORD, createUserRow, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';

let t: Awaited<ReturnType<typeof testApp>>;
let c: GatewayClient;
let logo: string;

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function upload(client: GatewayClient, name: string, data: Buffer, type = 'image/png') {
  const boundary = `----mp${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { ...client.headersFor('POST', undefined), 'content-type': `multipart/form-data; boundary=${boundary}` };
  const r = await t.app.inject({ method: 'POST', url: Paths.uploadfile, headers, payload });
  return { ...r.json(), status: r.statusCode };
}

const valid = () => ({
  code: `T${Math.random().toString(36).slice(2, 8)}`,
  name: 'Acme Corp',
  abbreviation: 'ACME',
  logo,
  address: '1 Main St',
  status: 1 as const,
});

beforeAll(async () => {
  t = await testApp();
  c = await t.client();
  await c.signIn('admin', ADMIN_PASSWORD);
  const up = await upload(c, 'logo.png', PNG);
  logo = up.data.row.fileId;
});
afterAll(async () => {
  await t.close();
});

describe('tenant management API', () => {
  it('uploads a logo and serves it only with the code of a live session', async () => {
    const url = `${Paths.getfile}/${logo}`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const { createHash } = await import('node:crypto');
    const code = createHash('md5').update(c.token).digest('hex');
    const r = await t.app.inject({ method: 'GET', url: `${url}?code=${code}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('image/png');
    expect(r.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses an upload that is not an image, even when named .png', async () => {
    const r = await upload(c, 'evil.png', Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(r.scode).toBe(Codes.FILE_TYPE);
    const long = await upload(c, `${'x'.repeat(51)}.png`, PNG);
    expect(long.scode).toBe(Codes.FILE_NAME_TOO_LONG);
  });

  it('answers 413 for a file over 10M and for a JSON body over its limit', async () => {
    const big = await upload(c, 'big.png', Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(big.status).toBe(413);
    expect(big.scode).toBe(Codes.FILE_TOO_LARGE);
    const body = await c.post(Paths.listtenant, { keyword: 'x'.repeat(2 * 1024 * 1024) });
    expect(body.status).toBe(413);
    expect(body.body.scode).toBe(Codes.PAYLOAD_TOO_LARGE);
  });

  it('creates, reads, edits and deletes a tenant', async () => {
    const body = valid();
    const add = await c.post(Paths.addtenant, body);
    expect(add.body.result).toBe('1');
    const row = add.body.data.row;
    expect(row).toMatchObject({ code: body.code, name: 'Acme Corp', status: 1, creator: 'admin', builtIn: false });
    expect((await c.post(Paths.gettenant, { id: row.id })).body.data.row.name).toBe('Acme Corp');
    const edit = await c.post(Paths.edittenant, { ...body, id: row.id, name: 'Acme Renamed', code: 'ignored' });
    expect(edit.body.data.row).toMatchObject({ name: 'Acme Renamed', code: body.code });
    const del = await c.post(Paths.deletetenant, { ids: [row.id] });
    expect(del.body.data.count).toBe(1);
    expect((await c.post(Paths.gettenant, { id: row.id })).body.scode).toBe(Codes.TENANT_NOT_FOUND);
  });

  it('pages, searches and sorts in SQL', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await c.post(Paths.addtenant, { ...valid(), code: `Page${String(i).padStart(2, '0')}`, name: `Paging ${String(i).padStart(2, '0')}` });
      expect(r.body.result).toBe('1');
    }
    const p1 = await c.post(Paths.listtenant, { page: 1, pageSize: 5, keyword: 'paging', sortField: 'name', sortOrder: 'ascend' });
    expect(p1.body.data).toMatchObject({ page: 1, total: 3, records: 12, lastPage: false });
    expect(p1.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging 00', 'Paging 01', 'Paging 02', 'Paging 03', 'Paging 04']);
    const p3 = await c.post(Paths.listtenant, { page: 3, pageSize: 5, keyword: 'paging', sortField: 'name', sortOrder: 'descend' });
    expect(p3.body.data).toMatchObject({ page: 3, records: 12, lastPage: true });
    expect(p3.body.data.rows.map((r: { name: string }) => r.name)).toEqual(['Paging 01', 'Paging 00']);
    const byCode = await c.post(Paths.listtenant, { page: 1, pageSize: 50, code: 'page1' });
    expect(byCode.body.data.records).toBe(2);
    const wildcard = await c.post(Paths.listtenant, { page: 1, pageSize: 50, keyword: '%' });
    expect(wildcard.body.data.records).toBe(0);
  });

  it('enables and disables in batch, but never disables or deletes the built-in tenant', async () => {
    const ids = (await c.post(Paths.listtenant, { page: 1, pageSize: 3, keyword: 'paging' })).body.data.rows.map((r: { id: string }) => r.id);
    expect((await c.post(Paths.statustenant, { ids, status: 0 })).body.data.count).toBe(3);
    const disabled = await c.post(Paths.listtenant, { page: 1, pageSize: 50, status: 0 });
    expect(disabled.body.data.records).toBe(3);
    c.language = 'EN_US';
    const sys = await c.post(Paths.statustenant, { ids: ['sys'], status: 0 });
    expect(sys.body.scode).toBe(Codes.TENANT_BUILT_IN);
    expect((await c.post(Paths.deletetenant, { ids: ['sys'] })).body.scode).toBe(Codes.TENANT_BUILT_IN);
    c.language = 'ZH_CN';
  });

  it('rejects bad input with a localised message and writes nothing', async () => {
    const before = (await c.post(Paths.listtenant, { page: 1, pageSize: 1 })).body.data.records;
    c.language = 'EN_US';
    const badCode = await c.post(Paths.addtenant, { ...valid(), code: 'bad-code!' });
    expect(badCode.body).toMatchObject({
      result: '0',
      scode: Codes.TENANT_CODE_PATTERN,
      msg: 'The application tenant code must consist of letters and numbers',
    });
    const blank = await c.post(Paths.addtenant, { ...valid(), name: '   ' });
    expect(blank.body).toMatchObject({ scode: Codes.REQUIRED, msg: 'Please enter name' });
    c.language = 'JA_JP';
    const script = await c.post(Paths.addtenant, { ...valid(), address: '<script>alert(1)</script>' });
    expect(script.body.scode).toBe(Codes.SCRIPT_TAG);
    expect(script.body.msg).toContain('script');
    const missing = await c.post(Paths.addtenant, { code: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.scode).toBe(Codes.BODY_INVALID);
    const dup = valid();
    await c.post(Paths.addtenant, dup);
    const again = await c.post(Paths.addtenant, { ...valid(), code: dup.code.toLowerCase() });
    expect(again.body.scode).toBe(Codes.TENANT_CODE_IN_USE);
    c.language = 'ZH_CN';
    const after = (await c.post(Paths.listtenant, { page: 1, pageSize: 1 })).body.data.records;
    expect(after).toBe(before + 1);
  });

  it('refuses to delete a tenant that still has users, deleting none of the batch', async () => {
    const keep = (await c.post(Paths.addtenant, valid())).body.data.row;
    const used = (await c.post(Paths.addtenant, valid())).body.data.row;
    await createUserRow(t.app, { tenantId: used.id, username: 'member', password: 'Passw0rd!' });
    const r = await c.post(Paths.deletetenant, { ids: [keep.id, used.id] });
    expect(r.body.scode).toBe(Codes.TENANT_HAS_USERS);
    expect((await c.post(Paths.gettenant, { id: keep.id })).body.result).toBe('1');
  });

  it('refuses to delete a tenant that still has roles', async () => {
    const t1 = (await c.post(Paths.addtenant, valid())).body.data.row;
    const { roles } = await import('../../db/schema/index.js');
    await t.app.database.db.insert(roles).values({ id: `r-${t1.id}`, tenantId: t1.id, orgId: t1.id, code: 'R1', name: 'Role one' });
    const r = await c.post(Paths.deletetenant, { ids: [t1.id] });
    expect(r.body.scode).toBe(Codes.TENANT_HAS_USERS);
    expect((await c.post(Paths.gettenant, { id: t1.id })).body.result).toBe('1');
  });

  it('exports the filtered tenants to an Excel file with localised headings', async () => {
    c.language = 'EN_US';
    const r = await c.post(Paths.exporttenant, { keyword: 'paging', sortField: 'name', sortOrder: 'ascend' });
    c.language = 'ZH_CN';
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('spreadsheetml');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="tenants-.*\.xlsx"/);
    const sheet = await readXlsxFile(r.raw);
    const rows = (Array.isArray(sheet[0]) ? sheet : (sheet as unknown as { data: unknown[][] }[])[0]!.data) as unknown[][];
    expect(rows[0]!.slice(0, 3)).toEqual(['Tenant ID', 'code', 'name']);
    expect(rows.length).toBe(13);
    expect(rows[1]![2]).toBe('Paging 00');
  });

  it('writes an audit entry for each change', async () => {
    const { auditLog } = await import('../../db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const rows = await t.app.database.db.select().from(auditLog).where(eq(auditLog.action, 'tenant.edit'));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ username: 'admin', entity: 'tenant' });
    expect((rows[0]!.before as { name: string }).name).toBe('Acme Corp');
    expect((rows[0]!.after as { name: string }).name).toBe('Acme Renamed');
  });
});
