/**
 * Face registration calls (issue 18; docs/face.md): the platform's, the tenant area's (data scope, grants,
 * rank, other tenants) and the user's own; the photo checked as an image; refusals write nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Codes, FaceCodes, FacePaths, UserCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, roleGrants, users } from '../../db/schema/index.js';
import { ADMIN_PASSWORD, testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { insertFile } from '../files/files.repository.js';
import { uploadImage } from '../users/users.testing.js';
import { buildWorld, type TenantUserWorld } from '../users/users.tenant.testing.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let t: Awaited<ReturnType<typeof testApp>>;
let w: TenantUserWorld;
let admin: GatewayClient;
let nora: GatewayClient;
let a: string;

const db = () => t.app.database.db;
const userOf = (id: string) => inScope(db(), PLATFORM_SCOPE, async (tx) => (await tx.select().from(users).where(eq(users.id, id)))[0]!);
const auditOf = (id: string) =>
  inScope(db(), PLATFORM_SCOPE, async (tx) => (await tx.select().from(auditLog).where(eq(auditLog.entityId, id))).map((e) => e.action));
const upload = (c: GatewayClient, data = PNG) => uploadImage(t.app, c, 'face.png', data);

beforeAll(async () => {
  t = await testApp();
  w = await buildWorld(t, 'fc');
  a = w.acme.tenantId;
  admin = await t.client();
  await admin.signIn('admin', ADMIN_PASSWORD);
  nora = await w.as('fcnora', a);
});
afterAll(async () => {
  await t.close();
});

describe('face registration: platform administrators', () => {
  it('registers an uploaded photo (kept in the user tenant), answers the state, audits; clears it; a second clear is "not found"', async () => {
    const id = w.uid['u-west']!;
    const fileId = await upload(admin);
    const r = await admin.post(FacePaths.registerface, { id, fileId });
    expect(r.body.result).toBe('1');
    const row = r.body.data.row;
    expect(row).toMatchObject({ userId: id, state: 'registered' });
    expect(row.facePhotoUrl).toBe(`/gateway/tenant/plat/file/get/${row.facePhoto}`);
    expect((await userOf(id)).facePhoto).toBe(row.facePhoto);
    const c = await admin.post(FacePaths.clearface, { id });
    expect(c.body.data.row).toEqual({ userId: id, state: 'cleared', facePhoto: '', facePhotoUrl: '' });
    expect((await userOf(id)).facePhoto).toBe('');
    expect(await auditOf(id)).toEqual(['user.face.register', 'user.face.clear']);
    admin.language = 'en-US';
    const again = await admin.post(FacePaths.clearface, { id });
    expect(again.body.scode).toBe(FaceCodes.NOT_FOUND);
    expect(again.body.msg).toMatch(/photo not found/);
  });

  it('refuses a missing user, a missing or unknown file, a file that is not an image and one over 500K, writing nothing', async () => {
    const id = w.uid['u-east']!;
    const textFile = randomUUID();
    await inScope(db(), PLATFORM_SCOPE, (tx) =>
      insertFile(tx, { id: textFile, tenantId: a, name: 'x.txt', mime: 'text/plain', size: 3, data: 'YWJj', createdBy: 'admin' }),
    );
    const big = await upload(admin, Buffer.concat([PNG, Buffer.alloc(520 * 1024)]));
    const good = await upload(admin);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: 'no-such-user', fileId: good }, UserCodes.NOT_FOUND],
      [{ id, fileId: '' }, Codes.REQUIRED],
      [{ id, fileId: 'no-such-file' }, Codes.FILE_NOT_FOUND],
      [{ id, fileId: textFile }, UserCodes.FACE_PHOTO_NOT_IMAGE],
      [{ id, fileId: big }, UserCodes.FACE_PHOTO_TOO_LARGE],
    ];
    for (const [body, code] of cases) expect((await admin.post(FacePaths.registerface, body)).body.scode, JSON.stringify(body)).toBe(code);
    expect((await admin.post(FacePaths.clearface, { id: 'no-such-user' })).body.scode).toBe(UserCodes.NOT_FOUND);
    expect((await userOf(id)).facePhoto).toBe('');
    expect(await auditOf(id)).toEqual([]);
  });

  it('answers 400 with the envelope for a body without the user id, and names the field in the language asked', async () => {
    const r = await admin.post(FacePaths.registerface, { fileId: 'x' });
    expect(r.status).toBe(400);
    const e = await admin.post(FacePaths.registerface, { id: w.uid['u-east'], fileId: ' ' });
    expect(e.body.msg).toMatch(/Face photo/);
  });

  it('is refused to anyone but platform administrators', async () => {
    const fileId = await upload(nora);
    expect((await nora.post(FacePaths.registerface, { id: w.uid['u-west'], fileId })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await nora.post(FacePaths.clearface, { id: w.uid['u-west'] })).body.scode).toBe(Codes.NO_PERMISSION);
  });
});

describe('face registration: the tenant area', () => {
  it("the tenant administrator registers and clears a user's photo of TENANTID, with their own upload", async () => {
    const id = w.uid['u-esales']!;
    const r = await nora.post(FacePaths.registertenantface, { id, fileId: await upload(nora) });
    expect(r.body.data.row.state).toBe('registered');
    expect((await userOf(id)).facePhoto).toBe(r.body.data.row.facePhoto);
    expect((await nora.post(FacePaths.cleartenantface, { id })).body.data.row.state).toBe('cleared');
    expect(await auditOf(id)).toEqual(['user.face.register', 'user.face.clear']);
  });

  it("refuses another tenant's user (not found), another tenant's file, and another tenant in TENANTID", async () => {
    const sam = w.uid.sam!;
    const fileId = await upload(nora);
    expect((await nora.post(FacePaths.registertenantface, { id: sam, fileId })).body.scode).toBe(UserCodes.NOT_FOUND);
    expect((await nora.post(FacePaths.cleartenantface, { id: sam })).body.scode).toBe(UserCodes.NOT_FOUND);
    const samClient = await w.as('fcsam', w.beta.tenantId);
    const betaFile = await upload(samClient);
    expect((await nora.post(FacePaths.registertenantface, { id: w.uid['u-west'], fileId: betaFile })).body.scode).toBe(Codes.FILE_NOT_FOUND);
    const noraInBeta = await w.as('fcnora', w.beta.tenantId);
    expect((await noraInBeta.post(FacePaths.registertenantface, { id: sam, fileId })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await userOf(sam)).facePhoto).toBe('');
    expect((await userOf(w.uid['u-west']!)).facePhoto).toBe('');
  });

  it('a role holder needs the API grant, and acts only inside their data scope and on people not outranking them', async () => {
    const rita = await w.as('rita', a);
    const fileId = await upload(rita);
    expect((await rita.post(FacePaths.registertenantface, { id: w.uid['u-east'], fileId })).body.scode).toBe(Codes.NO_PERMISSION);
    await inScope(db(), { scope: 'tenant', tenantId: a }, (tx) =>
      tx
        .insert(roleGrants)
        .values([FacePaths.registertenantface, FacePaths.cleartenantface].map((url) => ({ tenantId: a, roleId: `${a}-r-east`, kind: 'api', dataId: url }))),
    );
    const west = await rita.post(FacePaths.registertenantface, { id: w.uid['u-west'], fileId });
    expect(west.body.scode).toBe(Codes.NO_PERMISSION);
    const boss = await rita.post(FacePaths.registertenantface, { id: w.uid.boss, fileId });
    expect([Codes.NO_PERMISSION, UserCodes.OUTRANKS_CALLER]).toContain(boss.body.scode);
    expect((await rita.post(FacePaths.registertenantface, { id: w.uid['u-east'], fileId })).body.data.row.state).toBe('registered');
    expect((await userOf(w.uid['u-west']!)).facePhoto).toBe('');
    expect((await userOf(w.uid.boss!)).facePhoto).toBe('');
    const user = await w.as('u-west', a);
    expect((await user.post(FacePaths.cleartenantface, { id: w.uid['u-east'] })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await userOf(w.uid['u-east']!)).facePhoto).not.toBe('');
  });
});

describe('face registration: the signed-in user', () => {
  it('registers and clears their own photo; clearing none is "not found"', async () => {
    const me = await w.as('u-west', a);
    const id = w.uid['u-west']!;
    await inScope(db(), PLATFORM_SCOPE, (tx) => tx.update(users).set({ facePhoto: '' }).where(eq(users.id, id)));
    const r = await me.post(FacePaths.registermyface, { fileId: await upload(me) });
    expect(r.body.data.row).toMatchObject({ userId: id, state: 'registered' });
    expect((await userOf(id)).facePhoto).toBe(r.body.data.row.facePhoto);
    expect((await me.post(FacePaths.clearmyface, {})).body.data.row.state).toBe('cleared');
    expect((await me.post(FacePaths.clearmyface, {})).body.scode).toBe(FaceCodes.NOT_FOUND);
    expect((await me.post(FacePaths.registermyface, { fileId: '' })).body.scode).toBe(Codes.REQUIRED);
  });
});
