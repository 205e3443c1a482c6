/**
 * Local decisions over a cached permissions answer (no I/O). The same rules as the server's
 * `decision/check` (docs/applications.md "Policy service"): an API by its registered URL (exact,
 * case-insensitive), a control by id, a menu by id or code (case-insensitive); 'read' needs purview bit 1, 'write' bit 2.
 * An inactive user is refused everything.
 */
import type { DecisionQuery, MenuNode, Need, UserPermissions } from './types.js';

const bit = (need: Need | undefined): number => (need === 'write' ? 2 : 1);

/** Depth-first search of the menu tree for the node whose id is `idOrCode`, else whose code is (ignoring case). */
export function findMenu(nodes: readonly MenuNode[], idOrCode: string): MenuNode | undefined {
  const all: MenuNode[] = [];
  const stack = [...nodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.id === idOrCode) return n;
    all.push(n);
    stack.push(...n.children);
  }
  const code = idOrCode.toLowerCase();
  return all.find((n) => n.code.toLowerCase() === code);
}

/** Lookup tables of one answer: API urls (lower case), control purviews by id, menu purviews by id and by code (lower case). */
interface Index {
  apis: Set<string>;
  controls: Map<string, number>;
  menus: Map<string, number>;
  menuCodes: Map<string, number>;
}

const indexes = new WeakMap<UserPermissions, Index>();

/** The lookup tables of `p`, built on first use and kept as long as the answer is (answers are not mutated). */
function indexOf(p: UserPermissions): Index {
  let ix = indexes.get(p);
  if (!ix) {
    ix = {
      apis: new Set(p.apis.map((a) => a.url.toLowerCase())),
      controls: new Map(p.controls.map((c) => [c.id, c.purview])),
      menus: new Map(),
      menuCodes: new Map(),
    };
    const stack = [...p.menus];
    while (stack.length > 0) {
      const n = stack.pop()!;
      ix.menus.set(n.id, n.purview);
      ix.menuCodes.set(n.code.toLowerCase(), n.purview);
      stack.push(...n.children);
    }
    indexes.set(p, ix);
  }
  return ix;
}

/**
 * Whether `p` allows `q` (constant time after the first call on an answer: lookup tables are built once).
 * Throws TypeError when `q` names none or several of api/control/menu.
 */
export function decide(p: UserPermissions, q: DecisionQuery): boolean {
  const { api, control, menu, need } = q as { api?: unknown; control?: unknown; menu?: unknown; need?: Need };
  const named = (typeof api === 'string' ? 1 : 0) + (typeof control === 'string' ? 1 : 0) + (typeof menu === 'string' ? 1 : 0);
  if (named !== 1) throw new TypeError('a decision names exactly one of api, control, menu');
  if (!p.active) return false;
  const ix = indexOf(p);
  if (typeof api === 'string') return ix.apis.has(api.toLowerCase());
  const purview = typeof control === 'string' ? ix.controls.get(control) : (ix.menus.get(menu as string) ?? ix.menuCodes.get((menu as string).toLowerCase()));
  return purview !== undefined && (purview & bit(need)) !== 0;
}
