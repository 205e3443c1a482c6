import { describe, expect, it } from 'vitest';
import type { SessionUserInfo } from '@mp/protocol';
import { identityTextKey, isTenantRoleHolder } from './identity-switcher';

/** A session user info with `userType` identities and `userTypes` user types (as normaliseUserInfo stores them). */
const info = (identities: number[], types: number[]) => ({ userType: identities, userTypes: types.map(String) }) as unknown as SessionUserInfo;

describe('the name of the tenant area (role holder or administrator; docs/tenancy.md)', () => {
  it('a user with user type 3 from role grants only is a role holder; the tenant administrator identity is not', () => {
    expect(isTenantRoleHolder(info([1], [3, 7]))).toBe(true);
    expect(isTenantRoleHolder(info([3, 1], [2, 3, 4, 5, 7]))).toBe(false);
    expect(isTenantRoleHolder(info([1], [7]))).toBe(false);
    expect(isTenantRoleHolder(null)).toBe(false);
  });
  it("names the tenant administrator's choice 'tenant' for a role holder only", () => {
    expect(identityTextKey('tenantAdmin', true)).toBe('identity.tenant');
    expect(identityTextKey('tenantAdmin', false)).toBe('identity.tenantAdmin');
    expect(identityTextKey('workbench', true)).toBe('identity.workbench');
  });
});
