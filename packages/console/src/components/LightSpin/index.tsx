/**
 * Ant Design's spinner look without antd (issue 17: the sign-in page's first load has no antd): `Spinner`
 * (the four rotating dots in the brand colour, for a screen whose code is loading) and `GlobalSpinner`
 * (the fullscreen mask while requests are pending, shown after `delay` ms, SPEC §9). Styles in
 * styles/light.css.
 */
import { useEffect, useState } from 'react';

/** The rotating dots; `large` for the fullscreen mask. */
export function Spinner({ large = false }: { large?: boolean }) {
  return (
    <span className={`mp-spin-dots${large ? ' mp-spin-dots-lg' : ''}`} role="status" aria-busy="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

/** Fullscreen mask with the dots while `spinning`, once it has lasted `delay` ms. */
export function GlobalSpinner({ spinning, delay = 0 }: { spinning: boolean; delay?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!spinning) {
      setShown(false);
      return undefined;
    }
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [spinning, delay]);
  if (!shown) return null;
  return (
    <div className="mp-spin-fullscreen" data-testid="global-spinner">
      <Spinner large />
    </div>
  );
}
