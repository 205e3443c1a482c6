/**
 * The routing guard of SPEC §4 "Routing" as the element of every area root. It feeds `decideRoute`
 * with the session and the address and carries the decision out: SSO sign-in from an `ssotoken` query
 * (errors ignored), a short notice then /login after 2 s for visitors, redirects, and the section
 * initialisation (current user type, menu, tabs cleared) on first load or a section change.
 */
import { Result, Spin } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { DEFAULTS, type UserTypeValue } from '@mp/protocol';
import { useConfigStore } from '../stores/config';
import { initSection, sessionUserTypes, ssoSignIn } from '../stores/session-actions';
import { useSessionStore } from '../stores/session';
import { homeOf } from './areas';
import { decideRoute } from './guards';
import type { AreaDef } from './types';

/** Sections initialised in this page load (SPEC §4: re-initialise on first load). */
let initialisedThisLoad = false;

export default function AreaGuard({ area, children }: { area: AreaDef; children: ReactNode }) {
  const { t } = useTranslation('layout');
  const location = useLocation();
  const navigate = useNavigate();
  const config = useConfigStore((s) => s.login);
  const session = useSessionStore();
  const [busy, setBusy] = useState<'sso' | 'menu' | null>(null);
  const ssoDone = useRef(false);

  const params = new URLSearchParams(location.search);
  const ssotoken = params.get('ssotoken');
  const tenantParam = area.userType === 3 ? params.get('tenant') : null;

  useEffect(() => {
    if (!ssotoken || ssoDone.current) return;
    ssoDone.current = true;
    setBusy('sso');
    void ssoSignIn(ssotoken, params.get('username') ?? '').finally(() => {
      initialisedThisLoad = true;
      setBusy(null);
    });
  }, [ssotoken]); // eslint-disable-line react-hooks/exhaustive-deps

  const tenantChanged = Boolean(tenantParam && tenantParam !== session.currentTenantId);
  const decision =
    busy || (ssotoken && !ssoDone.current)
      ? null
      : decideRoute({
          pathname: location.pathname,
          search: location.search,
          signedIn: Boolean(session.userInfo && session.token),
          userTypes: sessionUserTypes(session.userInfo),
          currentUserType: session.currentUserType,
          firstLoad: !initialisedThisLoad || tenantChanged,
          menuTree: session.menuTreeData,
          menuList: session.menuListData,
          homeOf: (ut: UserTypeValue) => homeOf(ut, config),
        });

  const initType = decision?.action === 'init-section' ? decision.userType : null;
  useEffect(() => {
    if (initType === null || busy) return;
    setBusy('menu');
    if (tenantParam) useSessionStore.getState().setCurrentTenantId(tenantParam || DEFAULTS.tenantMenuTenantId);
    void initSection(initType).finally(() => {
      initialisedThisLoad = true;
      setBusy(null);
    });
  }, [initType, busy, tenantParam]);

  const loginLater = decision?.action === 'login-later';
  useEffect(() => {
    if (!loginLater) return;
    const timer = setTimeout(() => navigate('/login', { replace: true }), DEFAULTS.unauthenticatedRedirectMs);
    return () => clearTimeout(timer);
  }, [loginLater, navigate]);

  if (!decision || decision.action === 'init-section') {
    return <Spin fullscreen spinning tip={t('guard.loadingMenu')} />;
  }
  if (decision.action === 'login-later') {
    return <Result className="mp-guard-notice" status="403" title={t('guard.notSignedIn')} />;
  }
  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
