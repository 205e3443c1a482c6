/**
 * The loaded levels of the tenant's lazy organisation tree (docs/organisations.md), shared by
 * TenantOrgTree and TenantOrgTreeSelect: `levels[parentId]` holds the children of a node ('' = the
 * tops of the caller's tree), each read with `listorgchildren` (pages of 500 until the level is whole).
 * A change of tenant, category or `reloadKey` reloads the tops and every level that was loaded, so a
 * tree stays open where it was after a write.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TenantOrgNode } from '@mp/protocol';
import { listOrgChildren } from '../../api/organisation';
import { useCurrentTenant } from '../../stores/current-tenant';

export type OrgLevels = Record<string, TenantOrgNode[]>;

/** Most pages of one level read (500 each). */
const MAX_PAGES = 20;

/** Reads one whole level. */
async function readLevel(parentId: string, category: number): Promise<TenantOrgNode[]> {
  const rows: TenantOrgNode[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await listOrgChildren({ parentId: parentId || undefined, category, page, pageSize: 500 }, { noToast: true });
    rows.push(...data.rows);
    if (data.lastPage) break;
  }
  return rows;
}

export function useOrgLevels(category = 0, reloadKey?: unknown) {
  const tenant = useCurrentTenant();
  const [levels, setLevels] = useState<OrgLevels>({});
  const [loading, setLoading] = useState(false);
  const loadedRef = useRef<OrgLevels>({});

  /** Loads (or reloads) the children of `parentId` ('' = tops). */
  const loadLevel = useCallback(
    async (parentId: string) => {
      const rows = await readLevel(parentId, category);
      loadedRef.current = { ...loadedRef.current, [parentId]: rows };
      setLevels(loadedRef.current);
      return rows;
    },
    [category],
  );

  /** Loads the level of `parentId` unless it is loaded. */
  const ensureLevel = useCallback(async (parentId: string) => loadedRef.current[parentId] ?? loadLevel(parentId), [loadLevel]);

  useEffect(() => {
    let alive = true;
    const before = Object.keys(loadedRef.current).filter((k) => k !== '');
    (async () => {
      setLoading(true);
      try {
        const fresh: OrgLevels = { '': await readLevel('', category) };
        // reload the open levels, parents first (a vanished node's level is dropped)
        const known = new Set(fresh['']!.map((n) => n.id));
        for (const id of before) {
          if (!known.has(id)) continue;
          const rows = await readLevel(id, category).catch(() => undefined);
          if (rows) {
            fresh[id] = rows;
            for (const n of rows) known.add(n.id);
          }
        }
        if (!alive) return;
        loadedRef.current = fresh;
        setLevels(fresh);
      } catch {
        if (alive) {
          loadedRef.current = {};
          setLevels({});
        }
      } finally {
        if (alive) setLoading(false);
      }
    })();
    return () => {
      alive = false;
    };
  }, [tenant?.id, category, reloadKey]);

  /** The loaded node `id`, if any. */
  const findNode = useCallback((id: string | undefined) => {
    if (!id) return undefined;
    for (const rows of Object.values(loadedRef.current)) {
      const n = rows.find((r) => r.id === id);
      if (n) return n;
    }
    return undefined;
  }, []);

  return { levels, loading, loadLevel, ensureLevel, findNode };
}
