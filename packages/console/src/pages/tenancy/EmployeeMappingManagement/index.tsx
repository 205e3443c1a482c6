/**
 * User mapping of the tenant area (SPEC §2 employeeMappingManagement; docs/tenant-apps.md): each tenant
 * user's account and name in the tenant's applications — the one mapping screen
 * (components/MappingManagement) of kind 'user'.
 */
import MappingManagement from '../../../components/MappingManagement';

export default function EmployeeMappingManagement() {
  return <MappingManagement kind="user" />;
}
