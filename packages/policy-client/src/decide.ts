/**
 * Local decisions over a cached permissions answer (no I/O). The same rules as the server's
 * `decision/check` (docs/applications.md "Policy service"): an API by its registered URL (exact,
 * case-insensitive), a control by id, a menu by id or code; 'read' needs purview bit 1, 'write' bit 2.
 * An inactive user is refused everything.
 */
import type { DecisionQuery, MenuNode, Need, UserPermissions } from './types.js';

const bit = (need: Need | undefined): number => (need === 'write' ? 2 : 1);

/** Depth-first search of the menu tree for a node whose id or code is `idOrCode` (code case-sensitive). */
export function findMenu(nodes: readonly MenuNode[], idOrCode: string): MenuNode | undefined {
  const stack = [...nodes];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.id === idOrCode || n.code === idOrCode) return n;
    stack.push(...n.children);
  }
  return undefined;
}

/** Whether `p` allows `q`. Throws TypeError when `q` names none or several of api/control/menu. */
export function decide(p: UserPermissions, q: DecisionQuery): boolean {
  const named = ['api', 'control', 'menu'].filter((k) => typeof (q as Record<string, unknown>)[k] === 'string');
  if (named.length !== 1) throw new TypeError('a decision names exactly one of api, control, menu');
  if (!p.active) return false;
  if ('api' in q && typeof q.api === 'string') {
    const url = q.api.toLowerCase();
    return p.apis.some((a) => a.url.toLowerCase() === url);
  }
  if ('control' in q && typeof q.control === 'string') {
    const c = p.controls.find((x) => x.id === q.control);
    return c !== undefined && (c.purview & bit(q.need)) !== 0;
  }
  const m = findMenu(p.menus, (q as { menu: string }).menu);
  return m !== undefined && (m.purview & bit((q as { need?: Need }).need)) !== 0;
}
