/**
 * The menu designer, the application area's default screen (`/app/menu`; SPEC §2 Menu manager; issue 14;
 * docs/applications.md "Menu designer"): a tab bar with "PC menus" (pc-menus.tsx: the tree and its form)
 * and "Mobile app menus" (pages/app/MobileMenus, loaded lazily; the tab stays empty while that screen is
 * absent from the build). The application is the one chosen on the workbench (APPID header); without one
 * the screen sends the user there.
 */
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { Button, Card, Result, Space, Spin, Tabs, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp } from '../../../stores/current-app';
import PcMenus from './pc-menus';
import './menu-designer.css';

const WORKBENCH = '/appAdmin/appList';
// The mobile app menus screen is another part's; a glob finds it when it is in the tree (never a build error).
const mobileLoaders = import.meta.glob<{ default: ComponentType }>('../MobileMenus/index.tsx');
const mobileLoader = Object.values(mobileLoaders)[0];
const MobileMenus = mobileLoader ? lazy(mobileLoader) : null;

/** See the module docs. */
export default function MenuDesigner() {
  const { t } = useTranslation(['appmenu', 'client']);
  const app = useCurrentApp();
  const [tab, setTab] = useState('pc');
  if (!app) {
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result
          status="info"
          icon={<AppstoreOutlined />}
          title={t('client:noApp')}
          extra={
            <Link to={WORKBENCH}>
              <Button type="primary">{t('client:goWorkbench')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  const title = (
    <Space size={12}>
      <span>{t('title')}</span>
      <Typography.Text strong data-testid="current-app-name">
        {app.name}
      </Typography.Text>
      <Link to={WORKBENCH} style={{ fontSize: 13, fontWeight: 400 }}>
        {t('client:switchApp')}
      </Link>
    </Space>
  );
  return (
    <Card variant="borderless" className="mp-page-card mp-menu-designer" title={title}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        items={[
          { key: 'pc', label: t('tabPc'), children: <PcMenus key={app.id} appId={app.id} /> },
          {
            key: 'mobile',
            label: t('tabMobile'),
            children: MobileMenus ? (
              <Suspense fallback={<Spin />}>
                <MobileMenus />
              </Suspense>
            ) : null,
          },
        ]}
      />
    </Card>
  );
}
