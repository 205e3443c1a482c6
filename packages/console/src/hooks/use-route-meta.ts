/** The meta (title key, icon, parent title) of the deepest matched route that has one (SPEC §3 Route meta). */
import { useMatches } from 'react-router';
import type { RouteMeta } from '../routes/types';

export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]!.handle as RouteMeta | undefined;
    if (h?.titleKey) return h;
  }
  return undefined;
}
