/**
 * The application area's guard (SPEC §2 App admin appList → /app): a screen that works on the application
 * chosen on the workbench (the APPID header) renders `children(app)`; without a chosen application it
 * shows a card sending the user to the workbench. Keyed by the application, so switching applications
 * starts the screen afresh.
 */
import type { ReactNode } from 'react';
import { Button, Card, Result } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentApp, type CurrentApp } from '../../stores/current-app';

export const WORKBENCH_PATH = '/appAdmin/appList';

export default function AppRequired({ children }: { children: (app: CurrentApp) => ReactNode }) {
  const { t } = useTranslation(['client']);
  const app = useCurrentApp();
  if (!app) {
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result
          status="info"
          icon={<AppstoreOutlined />}
          title={t('noApp')}
          extra={
            <Link to={WORKBENCH_PATH}>
              <Button type="primary">{t('goWorkbench')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <div key={app.id} style={{ display: 'contents' }}>
      {children(app)}
    </div>
  );
}
