/**
 * The tenant area's layout of the platform's user form (pages/platformAdmin/EmployeeManagement
 * user-form-modal `variant`): no tenant field (the tenant is the one being administered), organisations
 * chosen in the tenant's lazy tree (TenantOrgTreeSelect: only the caller's data scope is offered), the
 * position among the tenant's stations, and the tenant-area calls.
 */
import { TenantOrgTreeSelect } from '../../../../components/TenantOrgTree';
import PositionSelect from './position-select';
import { addTenantUser, editTenantUser, getTenantUser } from '../../../../api/tenant-user';
import type { UserFormVariant } from '../../../platformAdmin/EmployeeManagement/components/user-form-modal';

export const tenantUserFormVariant: UserFormVariant = {
  get: (id) => getTenantUser(id),
  add: (body, opts) => addTenantUser(body, opts),
  edit: (body, opts) => editTenantUser(body, opts),
  orgPicker: ({ placeholder, initialLabel }) => <TenantOrgTreeSelect placeholder={placeholder} initialLabel={initialLabel} />,
  stationPicker: ({ placeholder, valueLabel }) => <PositionSelect placeholder={placeholder} valueLabel={valueLabel} />,
};
