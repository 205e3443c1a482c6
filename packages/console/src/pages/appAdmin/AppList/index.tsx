/**
 * The application administrator's workbench (SPEC §2 App admin → appList "workbench"; "Application
 * list page ('my apps') with tiles of icon and name"; §9 tiles 12.5% wide): the apps this user
 * administers (every app for a platform administrator who holds the application administrator
 * identity), searched by name or code and paged on the server (`listmyapp`). Choosing a tile makes it
 * the current app (APPID / APPCODE headers from then on, stores/current-app.ts) and enters /app.
 */
import { useState } from 'react';
import { Card, Input, Pagination, Space, Spin, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyAppRow } from '@mp/protocol';
import NoData from '../../../components/NoData';
import { listMyApps } from '../../../api/app-clients';
import { useCurrentApp, useCurrentAppStore } from '../../../stores/current-app';
import AppTile from './app-tile';
import './app-list.css';

const PAGE_SIZE = 48;

export default function AppList() {
  const { t } = useTranslation('client');
  const navigate = useNavigate();
  const current = useCurrentApp();
  const choose = useCurrentAppStore((s) => s.choose);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);

  const apps = useQuery({
    queryKey: ['myApps', keyword, page],
    queryFn: () => listMyApps({ keyword: keyword || undefined, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const open = (app: MyAppRow) => {
    choose({ id: app.id, code: app.code, name: app.name, logoUrl: app.logoUrl });
    navigate('/app');
  };

  const rows = apps.data?.rows ?? [];
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={<Space direction="vertical" size={0}><span>{t('workbench.title')}</span><Typography.Text type="secondary" style={{ fontWeight: 400, fontSize: 13 }}>{t('workbench.intro')}</Typography.Text></Space>}
      extra={
        <Input.Search
          allowClear
          placeholder={t('workbench.search')}
          aria-label={t('workbench.search')}
          style={{ width: 300 }}
          onSearch={(v) => { setKeyword(v.trim()); setPage(1); }}
        />
      }
    >
      <Spin spinning={apps.isFetching}>
        {rows.length === 0 && !apps.isFetching ? (
          <NoData description={t('workbench.empty')} />
        ) : (
          <div className="mp-app-tiles" role="list" aria-label={t('workbench.title')}>
            {rows.map((app) => (
              <AppTile key={app.id} app={app} current={current?.id === app.id} currentText={t('workbench.current')} disabledText={t('workbench.disabled')} onOpen={open} />
            ))}
          </div>
        )}
      </Spin>
      {(apps.data?.records ?? 0) > PAGE_SIZE && (
        <Pagination
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          current={page}
          pageSize={PAGE_SIZE}
          total={apps.data?.records ?? 0}
          showSizeChanger={false}
          showTotal={(count) => t('workbench.count', { count })}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
