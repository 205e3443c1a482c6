/**
 * The signed-in shell (SPEC §1, §2): header with the MP3.0 logo and name, menu toggle, breadcrumb,
 * identity switcher, language switch and user menu; the collapsible side menu of the section (open by
 * default, SPEC §9); the open tabs; the routed screen.
 */
import { Breadcrumb, Button, Layout, Spin } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import Logo from '../../components/Logo';
import { useCurrentTenant } from '../../stores/current-tenant';
import LanguageSwitch from '../../components/LanguageSwitch';
import { useRouteMeta } from '../../hooks/use-route-meta';
import { homeOf } from '../../routes/areas';
import type { AreaDef } from '../../routes/types';
import { placeholder } from '../../routes/placeholder';
import { useConfigStore } from '../../stores/config';
import { useSessionStore } from '../../stores/session';
import IdentitySwitcher, { isTenantRoleHolder } from './identity-switcher';
import SideMenu from './side-menu';
import TabsBar from './tabs-bar';
import UserMenu from './user-menu';
import LicenceBadge from './licence-badge';
import NoticeBell from './notice-bell';
import MessageBell from './message-bell';
import TaskBadge from './task-badge';

export default function BasicLayout({ area }: { area: AreaDef }) {
  const { t } = useTranslation('layout');
  const config = useConfigStore((s) => s.login);
  const [collapsed, setCollapsed] = useState(config.menuCollapsed);
  const location = useLocation();
  const meta = useRouteMeta();
  const openTab = useSessionStore((s) => s.openTab);
  // The brand leads to the area's dashboard where it has one, else to the area's home.
  const dashboard = area.routes.find((r) => r.path === 'dashboard' && r.load !== placeholder);
  const home = dashboard ? `${area.root}/dashboard` : homeOf(area.userType, config);
  // In the tenant area the tenant being administered is always named (docs/tenancy.md).
  const currentTenant = useCurrentTenant();
  // A role holder's tenant area is "tenant", an administrator's "tenant administrator" (identity-switcher.tsx).
  const roleHolder = useSessionStore((s) => isTenantRoleHolder(s.userInfo));
  const areaTitleKey = area.userType === 3 && roleHolder ? 'identity.tenant' : area.titleKey;
  // Tenant name display (configuration flag showTenantName): the user's own tenant beside the system name.
  const tenantName = useSessionStore((s) => s.userInfo?.tenantList.find((x) => x.objID === s.userInfo?.tenantId)?.name ?? '');

  useEffect(() => {
    if (!meta || location.pathname === area.root) return;
    openTab({ key: location.pathname, url: location.pathname + location.search, titleKey: meta.titleKey });
  }, [location.pathname, location.search, meta?.titleKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    document.title = meta ? `${t(meta.titleKey)} - ${config.systemName || 'MP3.0'}` : config.systemName || 'MP3.0';
  }, [meta, t, config.systemName]);

  return (
    <Layout className="mp-shell">
      <Layout.Header className="mp-header">
        <Link to={home} className="mp-brand" aria-label={config.systemName || 'MP3.0'}>
          <Logo size={30} />
          <span className="mp-brand-name">{config.systemName || 'MP3.0'}</span>
          {area.userType === 3 && currentTenant ? (
            <span className="mp-brand-tenant" data-testid="current-tenant-name">
              {currentTenant.name}
            </span>
          ) : (
            config.showTenantName &&
            tenantName && (
              <span className="mp-brand-tenant" data-testid="tenant-name">
                {tenantName}
              </span>
            )
          )}
        </Link>
        <Button
          type="text"
          className="mp-collapse"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((c) => !c)}
          aria-label={collapsed ? t('header.expand') : t('header.collapse')}
          aria-expanded={!collapsed}
        />
        <Breadcrumb
          className="mp-breadcrumb"
          items={[
            { title: t(areaTitleKey) },
            ...(meta?.parentTitleKey ? [{ title: t(meta.parentTitleKey) }] : []),
            ...(meta ? [{ title: t(meta.titleKey) }] : []),
          ]}
        />
        <div className="mp-header-actions">
          <LicenceBadge enabled={area.userType === 1} />
          <NoticeBell />
          <MessageBell />
          <TaskBadge />
          <IdentitySwitcher />
          {config.multiLanguage && <LanguageSwitch />}
          <UserMenu />
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider
          className="mp-sider"
          theme="light"
          width={248}
          collapsedWidth={64}
          collapsible
          collapsed={collapsed}
          trigger={null}
          breakpoint="lg"
          onBreakpoint={(broken) => {
            if (broken) setCollapsed(true);
          }}
        >
          <SideMenu collapsed={collapsed} />
        </Layout.Sider>
        <Layout className="mp-main">
          <TabsBar home={home} />
          <Layout.Content className="mp-content">
            <Suspense
              fallback={
                <div className="mp-suspense">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
