/**
 * The model of the role authorisation trees (purview-tree.tsx; SPEC §3 API-permission tree node, §4
 * menu search; docs/applications.md "Permission tree"): the node shape the tree renders, the role's bits
 * as loaded, the grant items of some bits, and the name filter.
 */
/** What the tree needs of a node (AppPermissionNode has it; the console menu is converted). */
export interface PurviewTreeNode {
  key: string;
  uniqueId: string;
  showName: string;
  grantable: boolean;
  enabled: boolean;
  /** The bits the caller may leave on the item (absent: all); boxes beyond it are disabled unless already ticked. */
  maxPurview?: number;
  children: PurviewTreeNode[];
}

/** Whether the caller may tick `bit` on a node with these bits now (it may always clear what is ticked). */
export const mayTick = (n: PurviewTreeNode, current: number, bit: number): boolean =>
  n.maxPurview === undefined || (n.maxPurview & bit) !== 0 || (current & bit) !== 0;

/** Bits by `uniqueId` of the granted nodes of a tree (the role's grants as loaded). */
export function bitsOfTree(nodes: (PurviewTreeNode & { purview: number })[], into = new Map<string, number>()): Map<string, number> {
  for (const n of nodes) {
    if (n.grantable && n.purview) into.set(n.uniqueId, n.purview);
    bitsOfTree(n.children as (PurviewTreeNode & { purview: number })[], into);
  }
  return into;
}

/** The grant items of `bits` (0 left out). */
export const itemsOf = (bits: Map<string, number>) => [...bits].filter(([, p]) => p > 0).map(([dpDataid, dpPurview]) => ({ dpDataid, dpPurview }));

/** The nodes whose name holds `keyword` (case-insensitive), with their ancestors; all when the keyword is empty. */
export function filterTree<N extends PurviewTreeNode>(nodes: N[], keyword: string): N[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children as N[], keyword);
    return n.showName.toLowerCase().includes(k) || children.length ? [{ ...n, children }] : [];
  });
}
