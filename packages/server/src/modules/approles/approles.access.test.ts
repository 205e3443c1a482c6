import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AppRolePaths as P, Codes } from '@mp/protocol';
import { appPermissionTemplates, appRoles } from '../../db/schema/index.js';
import { inApp, rolesWorld, validRole, type RolesWorld } from './approles.fixtures.js';

let w: RolesWorld;
let roleId: string;
let templateId: string;
const snapshot = async () => [
  await w.t.app.database.db.select().from(appRoles).where(eq(appRoles.productId, w.appA.id)),
  await w.t.app.database.db.select().from(appPermissionTemplates).where(eq(appPermissionTemplates.productId, w.appA.id)),
];

beforeAll(async () => {
  w = await rolesWorld();
  roleId = (await w.a.post(P.addapprole, validRole(), inApp(w.appA.code))).body.data.row.id;
  templateId = (await w.a.post(P.addapptemplate, { parentId: '0', name: 'Base' }, inApp(w.appA.code))).body.data.id;
});
afterAll(async () => {
  await w.t.close();
});

const everyCall = (): [string, unknown][] => [
  [P.listapprole, {}],
  [P.addapprole, validRole({ code: 'intruder' })],
  [P.editapprole, { id: roleId, ...validRole({ name: 'Hijacked' }) }],
  [P.statusapprole, { ids: [roleId], status: 0 }],
  [P.deleteapprole, { ids: [roleId] }],
  [P.listapproleuser, { roleId }],
  [P.listapprolecandidate, { roleId }],
  [P.addapproleuser, { roleId, userIds: [w.people.ann] }],
  [P.deleteapproleuser, { roleId, userIds: [w.people.ann] }],
  [P.approlepurview, { roleId }],
  [P.saveapprolepurview, { roleId, tree: 'menu', dataPurview: [] }],
  [P.approlegrantview, { roleId }],
  [P.applyapptemplate, { roleId, templateId, mode: 'sync' }],
  [P.treeapptemplate, {}],
  [P.addapptemplate, { parentId: '0', name: 'X' }],
  [P.editapptemplate, { id: templateId, name: 'Y' }],
  [P.moveapptemplate, { id: templateId, parentId: '0' }],
  [P.deleteapptemplate, { id: templateId }],
  [P.apptemplatepurview, { templateId }],
  [P.saveapptemplatepurview, { templateId, tree: 'menu', dataPurview: [] }],
];

describe("who may manage an application's roles and templates", () => {
  it("refuses an ordinary user, an administrator of no app and another app's administrator with 10009029001, changing nothing", async () => {
    const before = await snapshot();
    for (const caller of [w.plain, w.loner, w.b]) {
      for (const [path, body] of everyCall()) {
        expect((await caller.post(path, body, inApp(w.appA.code))).body.scode, path).toBe(Codes.NO_PERMISSION);
        expect((await caller.post(path, body, inApp(w.appA.id))).body.scode, path).toBe(Codes.NO_PERMISSION);
      }
    }
    // an app administrator naming no application
    expect((await w.a.post(P.listapprole, {})).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await snapshot()).toEqual(before);
  });

  it('lets the platform administrator in for any application', async () => {
    const r = await w.admin.post(P.listapprole, {}, inApp(w.appA.code));
    expect(r.body.data.rows.map((x: { id: string }) => x.id)).toEqual([roleId]);
    expect((await w.admin.post(P.treeapptemplate, {}, inApp(w.appA.id))).body.data.root.children).toHaveLength(1);
  });
});
