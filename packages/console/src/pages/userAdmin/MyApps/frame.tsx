/**
 * An application opened "in the framework" (SPEC §3 Menu open types 1 and 2; docs/users.md): the
 * console's layout around a frame of the application's login initiation address. The application is
 * found again by its code among the user's applications, so an address typed by hand opens nothing the
 * user may not use. The frame shows the console's own login page for the single sign-on hand-off, so the
 * deployment must allow the console to frame itself (MP_FRAME_ANCESTORS 'self') and the application must
 * allow the console to frame it; otherwise use open type 3.
 */
import { Button, Card, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import NoData from '../../../components/NoData';
import { listUserApps } from '../../../api/my-apps';
import { openDetached } from './open-app';

export default function AppFrame({ code }: { code: string }) {
  const { t } = useTranslation('myapps');
  const found = useQuery({
    queryKey: ['userApps', 'frame', code],
    queryFn: () => listUserApps({ keyword: code, page: 1, pageSize: 50 }),
  });
  const app = found.data?.rows.find((r) => r.code.toLowerCase() === code.toLowerCase());
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={app?.name ?? code}
      extra={
        <Space>
          {app?.loginUrl && <Button onClick={() => openDetached(app.loginUrl)}>{t('frame.newWindow')}</Button>}
          <Link to="/userAdmin/app">{t('frame.back')}</Link>
        </Space>
      }
    >
      <Spin spinning={found.isFetching}>
        {app?.loginUrl ? (
          <iframe
            title={app.name}
            src={app.loginUrl}
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 400, border: 0 }}
          />
        ) : (
          !found.isFetching && <NoData description={t('frame.notFound')} />
        )}
      </Spin>
    </Card>
  );
}
