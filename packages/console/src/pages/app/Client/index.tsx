/**
 * Client access management of the current app (SPEC §2 App → client "access management"; issue 4
 * Single sign-on; docs/clients.md): the app's OpenID Connect clients on the shared DataGrid — search
 * by client ID or name and status, sort, page, batch delete and enable/disable — with New / Modify in
 * the form modal, enable/disable, delete and reset secret (confirmed) per row. After add and reset the
 * secret is shown once (SecretModal). The app is the one chosen on the workbench (APPID header);
 * without one the screen sends the user there.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Avatar, Button, Card, Result, Space, Typography } from 'antd';
import { AppstoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLIENT_SORT_FIELDS, Status, type ClientRow } from '@mp/protocol';
import DataGrid, { useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { fileUrl } from '../../../api/client';
import { deleteClients, listClients, resetClientSecret, setClientStatus, type ClientFilters } from '../../../api/app-clients';
import { useCurrentApp } from '../../../stores/current-app';
import { CLIENT_TABLE_WIDTH, useClientColumns, type ClientRowActions } from './components/columns';
import ClientFormModal from './components/client-form-modal';
import SecretModal from './components/secret-modal';

const WORKBENCH = '/appAdmin/appList';

/** `switchTo`: where "switch app" leads (the workbench; the product list for platform administrators). */
export default function ClientManager({ switchTo = WORKBENCH }: { switchTo?: string }) {
  const { t } = useTranslation(['client', 'common']);
  const app = useCurrentApp();
  if (!app) {
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result
          status="info"
          icon={<AppstoreOutlined />}
          title={t('noApp')}
          extra={
            <Link to={WORKBENCH}>
              <Button type="primary">{t('goWorkbench')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return <ClientGrid key={app.id} app={app} switchTo={switchTo} />;
}

function ClientGrid({ app, switchTo }: { app: NonNullable<ReturnType<typeof useCurrentApp>>; switchTo: string }) {
  const { t } = useTranslation(['client', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => ['clients', app.id] as const, [app.id]);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: ClientRow }>({ open: false, mode: 'add' });
  const [secret, setSecret] = useState<{ clientId: string; clientSecret: string } | null>(null);
  const statusField = useStatusSearchField();

  const actions = useMemo<ClientRowActions>(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey });
    const run = async (work: () => Promise<unknown>, done: string, clear = false) => {
      try {
        await work();
        void message.success(done);
        if (clear) grid.current?.clearSelection();
        reload();
      } catch {
        /* shown by the client */
      }
    };
    return {
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onToggleStatus: (row) =>
        run(() => setClientStatus([row.clientId], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED), t('common:operationSucceeded')),
      onDelete: (row) => run(() => deleteClients([row.clientId]), t('common:deleteSucceeded'), true),
      onResetSecret: async (row) => {
        try {
          const r = await resetClientSecret(row.clientId);
          void message.success(t('resetDone'));
          if (r.clientSecret) setSecret({ clientId: r.row.clientId, clientSecret: r.clientSecret });
          reload();
        } catch {
          /* shown by the client */
        }
      },
    };
  }, [t, message, queryClient, queryKey]);
  const columns = useClientColumns(actions);

  const searchFields = useMemo<SearchField[]>(
    () => [{ name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 240 }, statusField],
    [t, statusField],
  );

  const title = (
    <Space size={12} align="center">
      <span>{t('title')}</span>
      <Space size={6} className="mp-current-app" aria-label={t('currentApp')}>
        <Avatar shape="square" size={22} src={app.logoUrl ? fileUrl(app.logoUrl) : undefined} style={{ background: '#2f54eb', fontSize: 12 }}>
          {app.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography.Text strong data-testid="current-app-name">
          {app.name}
        </Typography.Text>
        <Link to={switchTo} style={{ fontSize: 13, fontWeight: 400 }}>
          {t('switchApp')}
        </Link>
      </Space>
    </Space>
  );

  return (
    <Card variant="borderless" className="mp-page-card" title={title}>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<ClientRow, ClientFilters, (typeof CLIENT_SORT_FIELDS)[number]>
        sortFields={CLIENT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => listClients(q)}
        columns={columns}
        rowKey="clientId"
        scrollX={CLIENT_TABLE_WIDTH}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('newClient')}
          </Button>
        }
        onBatchDelete={(ids) => deleteClients(ids)}
        onBatchStatus={(ids, status) => setClientStatus(ids, status)}
      />
      <ClientFormModal
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={(saved) => {
          void queryClient.invalidateQueries({ queryKey });
          if (saved.clientSecret) setSecret({ clientId: saved.row.clientId, clientSecret: saved.clientSecret });
          else if (saved.clientSecret === null) void message.info(t('publicSaved'));
        }}
      />
      <SecretModal value={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
