/**
 * What a route shows when its code cannot be loaded or its screen throws (SPEC §8 'Loading chunk error,
 * please reload page'; §9 script chunk load timeout 120,000 ms). Part of the entry on purpose: when a
 * chunk cannot be fetched, nothing that lives in another chunk can be shown, so this screen uses plain
 * markup (styles/global.css `.mp-route-error`) and the `layout` texts, which load before the first render.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkError } from './chunk-load';

/** The route's error element: the chunk message with a reload button, or the general failure text. */
export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('layout');
  const chunk = isChunkError(error);
  useEffect(() => {
    console.error('[route]', error);
  }, [error]);
  return (
    <div className="mp-route-error" role="alert">
      <p className="mp-route-error-text">{t(chunk ? 'page.chunkError' : 'page.screenError')}</p>
      {/* biome-ignore lint/a11y/noAutofocus: the failed screen's one control; focus lands on it so the keyboard can reload at once */}
      <button type="button" className="mp-route-error-reload" autoFocus onClick={() => window.location.reload()}>
        {t('page.reload')}
      </button>
    </div>
  );
}
