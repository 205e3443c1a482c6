/**
 * Pure tree helpers of the menu designer (SPEC §4 Editing and menu search): finding nodes, the default
 * expansion, the case-insensitive search, and turning a tree drop into the move call's parent and
 * position.
 */
import { APP_MENU_ROOT, type AppMenuNode } from '@mp/protocol';

/** The node `id` of the tree, or undefined. */
export function findNode(root: AppMenuNode, id: string): AppMenuNode | undefined {
  if (root.id === id) return root;
  for (const c of root.children) {
    const f = findNode(c, id);
    if (f) return f;
  }
  return undefined;
}

/** How many nodes are below `node`. */
export function countDescendants(node: AppMenuNode): number {
  return node.children.reduce((n, c) => n + 1 + countDescendants(c), 0);
}

/**
 * SPEC §4 "all nodes collapsed with level one expanded": the root and the level-one nodes that have
 * children are expanded, so levels one and two show.
 */
export function defaultExpandedKeys(root: AppMenuNode): string[] {
  return [root.id, ...root.children.filter((c) => c.children.length).map((c) => c.id)];
}

/** The result of a search: the tree cut to the matches and their ancestors, what to expand, what matched. */
export interface MenuSearch {
  /** null when nothing matches ('No results were found'). */
  tree: AppMenuNode | null;
  expandedKeys: string[];
  matchKeys: string[];
}

/**
 * Case-insensitive search on name and code (SPEC §4): keeps matching nodes (with their subtrees) and
 * their ancestors, expands the ancestors. The root itself always stays (it is the application).
 */
export function searchMenuTree(root: AppMenuNode, keyword: string): MenuSearch {
  const k = keyword.trim().toLowerCase();
  if (!k) return { tree: root, expandedKeys: defaultExpandedKeys(root), matchKeys: [] };
  const expanded = new Set<string>([root.id]);
  const matches: string[] = [];
  const cut = (n: AppMenuNode): AppMenuNode | null => {
    const hit = n.id !== APP_MENU_ROOT && (n.name.toLowerCase().includes(k) || n.code.toLowerCase().includes(k));
    if (hit) matches.push(n.id);
    const kids = n.children.map(cut).filter((c): c is AppMenuNode => c !== null);
    if (kids.length) expanded.add(n.id);
    if (!hit && !kids.length && n.id !== APP_MENU_ROOT) return null;
    return { ...n, children: hit && !kids.length ? n.children : kids };
  };
  const tree = cut(root);
  return { tree: matches.length ? tree : null, expandedKeys: [...expanded], matchKeys: matches };
}

/** What antd's Tree tells about a drop, reduced to what the move needs. */
export interface DropInfo {
  dragId: string;
  /** The node the pointer is over. */
  targetId: string;
  /** false: dropped onto the node (becomes its first child). */
  dropToGap: boolean;
  /** -1 above the node, 1 below it (antd's dropPosition minus the node's own position). */
  relative: number;
  /** The target is expanded and has children (a drop below it then means "first child"). */
  targetOpenWithChildren: boolean;
}

/**
 * The new parent and 0-based position among the OTHER children (the move call's `index`) of a drop.
 * Dropping beside the root means into the root.
 */
export function dropToMove(root: AppMenuNode, d: DropInfo): { parentId: string; index: number } {
  if (d.targetId === APP_MENU_ROOT || !d.dropToGap || (d.relative === 1 && d.targetOpenWithChildren)) {
    return { parentId: d.targetId, index: 0 };
  }
  const target = findNode(root, d.targetId)!;
  const parent = findNode(root, target.parentId)!;
  const others = parent.children.filter((c) => c.id !== d.dragId);
  const at = others.findIndex((c) => c.id === d.targetId);
  return { parentId: parent.id, index: d.relative < 0 ? at : at + 1 };
}
