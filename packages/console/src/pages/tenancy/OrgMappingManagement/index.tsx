/**
 * Organisation mapping of the tenant area (SPEC §2 orgMappingManagement; docs/tenant-apps.md): each
 * tenant organisation's code and name in the tenant's applications — the one mapping screen
 * (components/MappingManagement) of kind 'org'.
 */
import MappingManagement from '../../../components/MappingManagement';

export default function OrgMappingManagement() {
  return <MappingManagement kind="org" />;
}
