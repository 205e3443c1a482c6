/**
 * The frame of the pages reachable without login (SPEC §2: /login, /resetpw, /bigfile). The login page
 * draws its own full-screen design; the others get a slim header (logo, name, language) over a soft
 * background. No antd here (issue 17: the sign-in page's first load): the header's language menu loads
 * with Ant Design's frame for the other pages.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import Logo from '../../components/Logo';
import { WithAntd } from '../../components/AntdShell/lazy';
import { Spinner } from '../../components/LightSpin';
import { useRouteMeta } from '../../hooks/use-route-meta';
import { useConfigStore } from '../../stores/config';

const LanguageSwitch = lazy(() => import('../../components/LanguageSwitch'));

export default function PublicLayout() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const config = useConfigStore((s) => s.login);
  const meta = useRouteMeta();
  const name = config.systemName || 'MP3.0';

  useEffect(() => {
    document.title = meta ? `${t(meta.titleKey)} - ${name}` : name;
  }, [meta, t, name]);

  const outlet = (
    <Suspense
      fallback={
        <div className="mp-suspense">
          <Spinner />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
  if (pathname.startsWith('/login')) return outlet;
  return (
    <div className="mp-public">
      <header className="mp-public-header">
        <div className="mp-brand">
          <Logo size={30} />
          <span className="mp-brand-name">{name}</span>
        </div>
        {config.multiLanguage && (
          <WithAntd>
            <LanguageSwitch />
          </WithAntd>
        )}
      </header>
      <main className="mp-public-main">{outlet}</main>
    </div>
  );
}
