/**
 * The enterprise user's dashboard (`/userAdmin/dashboard`; issue 15 "Dashboard"; docs/users.md
 * "Dashboard"): a greeting with the previous sign-in, my apps (count and a link to My apps), my sign-in
 * history of 90 days (paged, newest first) and my sessions and devices with "End" per other live
 * session and "End all other sessions" (both confirmed). The current session is marked and cannot be
 * ended here (logout ends it).
 */
import { App, Button, Card, Col, Popconfirm, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { AppstoreOutlined, LogoutOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MySessionRow, SignInHistoryRow } from '@mp/protocol';
import { endMySession, endOtherSessions, loadProfile, mySessions, signInHistory } from '../../../api/profile';
import { listUserApps } from '../../../api/my-apps';
import { PROFILE_QUERY_KEY } from '../../Profile';

const when = (iso: string) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '-');

export default function UserDashboard() {
  const { t } = useTranslation('profile');
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const profile = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: loadProfile });
  const apps = useQuery({ queryKey: ['my-apps-count'], queryFn: () => listUserApps({ page: 1, pageSize: 1 }) });
  const history = useQuery({ queryKey: ['signin-history', page], queryFn: () => signInHistory(page.page, page.pageSize) });
  const sessions = useQuery({ queryKey: ['my-sessions'], queryFn: mySessions });
  const others = (sessions.data ?? []).filter((s) => s.state === 'active' && !s.current);

  const ended = (count: number): void => {
    void message.success(t('dashboard.ended', { count }));
    void qc.invalidateQueries({ queryKey: ['my-sessions'] });
  };
  const endAll = (): void => {
    modal.confirm({ title: t('dashboard.endOthers'), content: t('dashboard.endOthersConfirm'), onOk: async () => ended(await endOtherSessions()) });
  };

  const historyColumns = [
    { title: t('dashboard.at'), dataIndex: 'at', width: 190, render: when },
    {
      title: t('dashboard.event'),
      dataIndex: 'action',
      width: 170,
      render: (a: string) => (
        <Tag color={a === 'signin' ? 'green' : a === 'signin.failed' || a === 'signin.locked' ? 'red' : 'default'}>{t(`action.${a}`, { defaultValue: a })}</Tag>
      ),
    },
    { title: t('dashboard.method'), dataIndex: 'method', width: 120, render: (m: string) => t(`methodName.${m}`, { defaultValue: m || '-' }) },
    { title: t('dashboard.ip'), dataIndex: 'ip', width: 140 },
    { title: t('dashboard.device'), dataIndex: 'userAgent', ellipsis: true },
  ];
  const sessionColumns = [
    { title: t('dashboard.createdAt'), dataIndex: 'createdAt', width: 190, render: when },
    { title: t('dashboard.expiresAt'), dataIndex: 'expiresAt', width: 190, render: when },
    { title: t('dashboard.ip'), dataIndex: 'ip', width: 140 },
    { title: t('dashboard.device'), dataIndex: 'userAgent', ellipsis: true },
    {
      title: t('dashboard.state'),
      dataIndex: 'state',
      width: 200,
      render: (s: string, r: MySessionRow) =>
        r.current ? (
          <Tag color="blue">{t('dashboard.current')}</Tag>
        ) : (
          <Tag color={s === 'active' ? 'green' : 'default'}>{t(`stateName.${s}`, { defaultValue: s })}</Tag>
        ),
    },
    {
      title: '',
      key: 'op',
      width: 90,
      render: (_: unknown, r: MySessionRow) =>
        r.state === 'active' && !r.current ? (
          <Popconfirm title={t('dashboard.endConfirm')} onConfirm={async () => ended(await endMySession(r.id))}>
            <Button type="link" size="small" danger data-testid={`end-session-${r.id}`}>
              {t('dashboard.end')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  const p = profile.data;
  // the sign-in before this one (the newest successful one is the current session's)
  const previous = history.data?.rows.filter((r) => r.action === 'signin')[1];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="user-dashboard">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={16}>
          <Card>
            <Typography.Title level={4} style={{ marginTop: 0 }}>
              {t('dashboard.welcome', { name: p?.employeeName || p?.userName || '' })}
            </Typography.Title>
            <Typography.Text type="secondary">{t('dashboard.lastLogin', { at: when(previous?.at ?? '') })}</Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title={t('dashboard.appsCount')} value={apps.data?.records ?? 0} prefix={<AppstoreOutlined />} loading={apps.isLoading} />
            <Link to="/userAdmin/app" data-testid="open-my-apps">
              {t('dashboard.openApps')}
            </Link>
          </Card>
        </Col>
      </Row>
      <Card
        title={t('dashboard.sessions')}
        extra={
          <Button icon={<LogoutOutlined />} danger disabled={!others.length} onClick={endAll} data-testid="end-other-sessions">
            {t('dashboard.endOthers')}
          </Button>
        }
      >
        <Table<MySessionRow>
          rowKey="id"
          size="small"
          columns={sessionColumns}
          dataSource={sessions.data ?? []}
          loading={sessions.isLoading}
          pagination={false}
          scroll={{ x: 900 }}
        />
      </Card>
      <Card title={t('dashboard.history')} extra={<Typography.Text type="secondary">{t('dashboard.historyHint')}</Typography.Text>}>
        <Table<SignInHistoryRow>
          rowKey="id"
          size="small"
          columns={historyColumns}
          dataSource={history.data?.rows ?? []}
          loading={history.isLoading}
          scroll={{ x: 800 }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: history.data?.records ?? 0,
            showSizeChanger: true,
            onChange: (pg, ps) => setPage({ page: pg, pageSize: ps }),
          }}
        />
      </Card>
    </Space>
  );
}
