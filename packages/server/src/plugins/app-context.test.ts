import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Codes, expandIdentities, Identity, UserType, type UserTypeValue } from '@mp/protocol';
import { clientsWorld, type ClientsWorld } from '../modules/clients/clients.fixtures.js';
import { AppError } from '../lib/errors.js';
import type { AuthContext } from '../types.js';
import { resolveAppContext } from './app-context.js';

let w: ClientsWorld;
beforeAll(async () => {
  w = await clientsWorld();
});
afterAll(async () => {
  await w.t.close();
});

const caller = (userId: string, identities: number[]): AuthContext => ({
  sessionId: 's',
  token: 't',
  userId,
  username: 'u',
  tenantId: 'sys',
  identities,
  userTypes: expandIdentities(identities) as UserTypeValue[],
  superManager: false,
  expiresAt: new Date(Date.now() + 60_000),
  mustChangePassword: false,
});
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'allowed',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

describe('application context of { app: "admin" } routes (APPID)', () => {
  it('gives an application administrator their application, named by id or by code in any case', async () => {
    const a = caller(w.ids.adminA, [Identity.APP_ADMIN]);
    const byId = await resolveAppContext(w.t.app.database, a, w.appA.id);
    expect(byId).toEqual({ id: w.appA.id, code: 'crm', name: 'CRM', status: 1, platform: false });
    expect(await resolveAppContext(w.t.app.database, a, 'CRM')).toEqual(byId);
  });

  it('gives a platform administrator every application, marked as reached through the platform', async () => {
    const admin = caller('no-such-admin-row', [Identity.PLATFORM_ADMIN]);
    expect(admin.userTypes).toContain(UserType.PLATFORM_ADMIN);
    expect(await resolveAppContext(w.t.app.database, admin, 'erp')).toMatchObject({ id: w.appB.id, platform: true });
  });

  it("refuses another administrator's application, an unknown one, a missing or overlong APPID with 10009029001 alike", async () => {
    const a = caller(w.ids.adminA, [Identity.APP_ADMIN]);
    const loner = caller(w.ids.loner, [Identity.APP_ADMIN]);
    expect(await refusal(resolveAppContext(w.t.app.database, a, 'erp'))).toBe(Codes.NO_PERMISSION);
    expect(await refusal(resolveAppContext(w.t.app.database, a, w.appB.id))).toBe(Codes.NO_PERMISSION);
    expect(await refusal(resolveAppContext(w.t.app.database, loner, 'crm'))).toBe(Codes.NO_PERMISSION);
    expect(await refusal(resolveAppContext(w.t.app.database, a, 'no-such-app'))).toBe(Codes.NO_PERMISSION);
    expect(await refusal(resolveAppContext(w.t.app.database, a, ''))).toBe(Codes.NO_PERMISSION);
    expect(await refusal(resolveAppContext(w.t.app.database, a, 'x'.repeat(65)))).toBe(Codes.NO_PERMISSION);
  });
});
