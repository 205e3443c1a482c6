/** Organisation calls (SPEC §3 Organisation): the tree for pickers. */
import { Paths, type OrgTreeNode } from '@mp/protocol';
import { get } from './client';

/** A tenant's organisation tree (root first) of `category` (0 the main tree). */
export async function listOrgTree(tenantId: string, category = 0): Promise<OrgTreeNode[]> {
  const data = await get<{ rows: OrgTreeNode[] }>(Paths.listorgtree, { tenantId, category });
  return data.rows;
}
