/**
 * The application area's layout of the platform's user form (user-form-modal `variant`; SPEC §2 App `user`):
 * the tenant is the one chosen on the page (a tenant using the application), organisations are picked in
 * that tenant's lazy tree with those outside the application's roots disabled, positions are the tenant
 * area's (shown, not chosen here), and the calls are the application area's (§7: no automatic toast).
 */
import { Select } from 'antd';
import type { UserFormVariant } from '../../../platformAdmin/EmployeeManagement/components/user-form-modal';
import { addAppUser, editAppUser, getAppUser } from '../../../../api/app-users';
import { AppOrgTreeSelect } from '../../AppOrg/components/app-org-pickers';

/** The variant for users of `tenantId` (add); modify works on the row's own tenant. */
export function appUserFormVariant(tenantId: string | undefined, positionText: string): UserFormVariant {
  return {
    get: (id) => getAppUser(id),
    add: (body, opts) => addAppUser({ ...body, tenantId: tenantId ?? '' }, opts),
    edit: (body, opts) => editAppUser(body, opts),
    orgPicker: ({ placeholder, initialLabel }) => <AppOrgTreeSelect tenantId={tenantId} onlyInRoots placeholder={placeholder} initialLabel={initialLabel} />,
    stationPicker: ({ valueLabel }) => <Select disabled value={valueLabel || undefined} placeholder={positionText} />,
  };
}
