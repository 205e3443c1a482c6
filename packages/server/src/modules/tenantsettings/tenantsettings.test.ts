import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantUser } from '../users/users.tenant.testing.js';
import { eq, inArray } from 'drizzle-orm';
import { Codes, defaultExpiryDate, Paths, TenantSettingsCodes } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, tenantSettings } from '../../db/schema/index.js';
import { testApp } from '../../testing/test-app.js';
import type { GatewayClient } from '../../testing/gateway-client.js';
import { seedMembersFixture, signedIn, type TestApp } from '../orgmembers/members.fixtures.js';
import { readTenantSettings } from './tenantsettings.repository.js';

let t: TestApp;
let ids: Record<string, string>;
let nina: GatewayClient;

const state = () =>
  inScope(t.app.database.db, PLATFORM_SCOPE, async (tx) => ({
    settings: (await tx.select().from(tenantSettings)).map((s) => `${s.tenantId}|${s.key}|${JSON.stringify(s.value)}`).sort(),
    audit: (
      await tx
        .select()
        .from(auditLog)
        .where(inArray(auditLog.entity, ['tenant-settings', 'org-category']))
    ).length,
  }));

beforeAll(async () => {
  t = await testApp();
  ids = await seedMembersFixture(t, [Paths.gettenantsettings, Paths.savetenantsettings, Paths.listtenantorgcate]);
  nina = await signedIn(t, 'nina', ids.east!);
});
afterAll(async () => {
  await t.close();
});

describe("the tenant's system configuration (SPEC §2 Tenant sysconfig)", () => {
  it('answers defaults, saves the default validity of new users (audited) and reads it back for the user add call', async () => {
    expect((await nina.get(Paths.gettenantsettings)).body.data.row).toEqual({ userValidityDays: null });
    const r = await nina.post(Paths.savetenantsettings, { userValidityDays: 365 });
    expect(r.body).toMatchObject({ result: '1', data: { row: { userValidityDays: 365 } } });
    expect((await nina.get(Paths.gettenantsettings)).body.data.row).toEqual({ userValidityDays: 365 });
    const s = await inScope(t.app.database.db, { scope: 'tenant', tenantId: ids.east! }, (tx) => readTenantSettings(tx, ids.east!));
    expect(defaultExpiryDate(s, '2026-01-01')).toBe('2027-01-01');
    expect(defaultExpiryDate({ userValidityDays: null }, '2026-01-01')).toBeUndefined();
    const [entry] = await inScope(t.app.database.db, PLATFORM_SCOPE, (tx) => tx.select().from(auditLog).where(eq(auditLog.action, 'tenantsettings.save')));
    expect(entry).toMatchObject({ tenantId: ids.east, before: { userValidityDays: null }, after: { userValidityDays: 365 } });
    // the user add call uses it when the expiry date is left empty
    const added = await nina.post(Paths.addtenantuser, tenantUser(nina, 'validity_one', 'e-a', { effectiveDate: '2026-03-01', expiryDate: '' }));
    expect(added.body.result, JSON.stringify(added.body)).toBe('1');
    expect(added.body.data.row.expiryDate).toBe('2027-03-01');
    // west is untouched
    const walt = await signedIn(t, 'walt', ids.west!);
    expect((await walt.get(Paths.gettenantsettings)).body.data.row).toEqual({ userValidityDays: null });
    const cleared = await nina.post(Paths.savetenantsettings, { userValidityDays: 0 });
    expect(cleared.body, JSON.stringify(cleared.body)).toMatchObject({ result: '1' });
    expect(cleared.body.data.row.userValidityDays).toBeNull();
  });

  it('refuses a validity outside 1–36500 with a localised message, changing nothing', async () => {
    const before = await state();
    for (const v of [36501, -5]) {
      const r = await nina.post(Paths.savetenantsettings, { userValidityDays: v });
      expect(r.body).toMatchObject({
        scode: TenantSettingsCodes.NUMBER_RANGE,
        msg: 'Default validity of new users (days) must be a whole number from 1 to 36500',
      });
    }
    expect(await state()).toEqual(before);
  });

  it("keeps the tenant's organisation categories, for its administrators only", async () => {
    const r = await nina.post(Paths.savetenantorgcate, { codeKey: 7, codeVal: 'Partners' });
    expect(r.body.result).toBe('1');
    expect(r.body.data.rows.map((c: { codeKey: number }) => c.codeKey)).toEqual([0, 7]);
    expect((await nina.get(Paths.listtenantorgcate)).body.data.rows[1]).toMatchObject({ codeKey: 7, codeVal: 'Partners' });
    const walt = await signedIn(t, 'walt', ids.west!);
    expect((await walt.get(Paths.listtenantorgcate)).body.data.rows.map((c: { codeKey: number }) => c.codeKey)).toEqual([0]);
    const before = await state();
    expect((await walt.post(Paths.deltenantorgcate, { codeKey: 7 })).body.scode).toBe('sysconfig.org_category_not_found');
    expect((await nina.post(Paths.savetenantorgcate, { codeKey: 8, codeVal: '' })).body.scode).toBe(Codes.REQUIRED);
    expect((await nina.post(Paths.savetenantorgcate, { codeKey: 0, codeVal: 'Main' })).body.scode).toBe('sysconfig.org_category_main');
    expect(await state()).toEqual(before);
    expect((await nina.post(Paths.deltenantorgcate, { codeKey: 7 })).body.data.rows.map((c: { codeKey: number }) => c.codeKey)).toEqual([0]);
  });

  it('lets role holders read the settings (their user form pre-fills the default validity) and refuses every change to them and other users', async () => {
    const holder = await signedIn(t, 'holder', ids.east!);
    const before = await state();
    const read = await holder.get(Paths.gettenantsettings);
    expect(read.body.result).toBe('1');
    expect(read.body.data.row).toHaveProperty('userValidityDays');
    expect((await holder.post(Paths.savetenantsettings, { userValidityDays: 10 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.get(Paths.listtenantorgcate)).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.savetenantorgcate, { codeKey: 9, codeVal: 'X' })).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await holder.post(Paths.deltenantorgcate, { codeKey: 9 })).body.scode).toBe(Codes.NO_PERMISSION);
    const walt = await signedIn(t, 'walt', ids.east!);
    expect((await walt.get(Paths.gettenantsettings)).body.scode).toBe(Codes.NO_PERMISSION);
    expect((await walt.post(Paths.savetenantsettings, { userValidityDays: 10 })).body.scode).toBe(Codes.NO_PERMISSION);
    expect(await state()).toEqual(before);
  });
});
