/**
 * The frame of the pages reachable without login (SPEC §2: /login, /resetpw, /bigfile). The login page
 * draws its own full-screen design; the others get a slim header (logo, name, language) over a soft
 * background.
 */
import { Spin } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import Logo from '../../components/Logo';
import LanguageSwitch from '../../components/LanguageSwitch';
import { useRouteMeta } from '../../hooks/use-route-meta';
import { useConfigStore } from '../../stores/config';

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
    <Suspense fallback={<div className="mp-suspense"><Spin /></div>}>
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
        {config.multiLanguage && <LanguageSwitch />}
      </header>
      <main className="mp-public-main">{outlet}</main>
    </div>
  );
}
