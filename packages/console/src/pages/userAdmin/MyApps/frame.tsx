/**
 * An application opened "in the framework" (SPEC §3 Menu open types 1 and 2; docs/users.md): the
 * console's layout around a frame of the application's login initiation address. The application is
 * found again by its code among the user's applications, so an address typed by hand opens nothing the
 * user may not use. The frame shows the console's own login page for the single sign-on hand-off, so the
 * deployment must allow the console to frame itself (MP_FRAME_ANCESTORS 'self') and the application must
 * allow the console to frame it; otherwise use open type 3. An application using the SSO query gets a fresh
 * ticket address when the frame opens (and another for "open in a new window": a ticket works once).
 */
import { useEffect, useState } from 'react';
import { Button, Card, Space, Spin } from 'antd';
import { SsoMode } from '@mp/protocol';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import NoData from '../../../components/NoData';
import { listUserApps } from '../../../api/my-apps';
import { addressOf, openDetached } from './open-app';

export default function AppFrame({ code }: { code: string }) {
  const { t } = useTranslation('myapps');
  const found = useQuery({
    queryKey: ['userApps', 'frame', code],
    queryFn: () => listUserApps({ keyword: code, page: 1, pageSize: 50 }),
  });
  const app = found.data?.rows.find((r) => r.code.toLowerCase() === code.toLowerCase());
  const ssoQuery = app?.ssoMode === SsoMode.SSO_QUERY;
  // the frame's address: the initiation address, or a ticket address asked for once per opening
  const [ticketSrc, setTicketSrc] = useState<{ id: string; url: string } | null>(null);
  const [ticketFailed, setTicketFailed] = useState(false);
  const appId = app?.id;
  useEffect(() => {
    if (!ssoQuery || !appId || !app?.loginUrl) return;
    let live = true;
    setTicketFailed(false);
    (addressOf(app) as () => Promise<string>)().then(
      (url) => {
        if (live) setTicketSrc({ id: appId, url });
      },
      () => {
        if (live) setTicketFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [ssoQuery, appId]); // eslint-disable-line react-hooks/exhaustive-deps
  const src = ssoQuery ? (ticketSrc && ticketSrc.id === appId ? ticketSrc.url : '') : (app?.loginUrl ?? '');
  const waiting = found.isFetching || (ssoQuery && !src && !ticketFailed);
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={app?.name ?? code}
      extra={
        <Space>
          {app?.loginUrl && <Button onClick={() => openDetached(addressOf(app))}>{t('frame.newWindow')}</Button>}
          <Link to="/userAdmin/app">{t('frame.back')}</Link>
        </Space>
      }
    >
      <Spin spinning={waiting}>
        {app && src ? (
          <iframe
            title={app.name}
            src={src}
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 400, border: 0 }}
          />
        ) : (
          !waiting && <NoData description={t('frame.notFound')} />
        )}
      </Spin>
    </Card>
  );
}
