/**
 * Loads Ant Design's icon set once (a separate chunk, components/IconChooser/icon-set.ts) and answers
 * it, or null while it loads.
 */
import { useEffect, useState } from 'react';

type IconSet = typeof import('./icon-set');
let loaded: IconSet | null = null;
let loading: Promise<IconSet> | null = null;

/** The icon set, or null until its chunk has loaded (then the component re-renders). */
export function useIconSet(): IconSet | null {
  const [set, setSet] = useState<IconSet | null>(loaded);
  useEffect(() => {
    if (set) return;
    let alive = true;
    loading ??= import('./icon-set').then((m) => (loaded = m));
    void loading.then((m) => {
      if (alive) setSet(m);
    });
    return () => {
      alive = false;
    };
  }, [set]);
  return set;
}
