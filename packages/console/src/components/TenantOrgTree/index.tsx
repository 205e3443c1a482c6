/**
 * The tenant area's organisation tree parts (issue 5; docs/organisations.md): `TenantOrgTree` (left
 * panel: lazy tree with search, `onSelect(node)`, `reloadKey`) and `TenantOrgTreeSelect` (a form field
 * whose value is an organisation id). Both read one level at a time and show the caller's data scope.
 */
export { default as TenantOrgTree, buildTreeData, type TenantOrgTreeProps } from './tenant-org-tree';
export { default as TenantOrgTreeSelect, type TenantOrgTreeSelectProps } from './tenant-org-tree-select';
export { useOrgLevels, type OrgLevels } from './use-org-levels';
