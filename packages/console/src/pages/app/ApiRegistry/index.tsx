/**
 * The API registry of the current application (/app/api; SPEC §2 App `api`, §3 API, §5 ".do" and
 * Import files; issue 14 "API registry"; docs/applications.md "API registry"): on the left the tree of
 * services → modules with their API counts (choosing a node filters the grid; a new API starts in it),
 * on the right the shared DataGrid — keyword search (name, URL, service, module), paging and sorting on
 * the server, batch delete, import / template / export (Excel, §5 limits checked before sending) — with
 * New / Modify in the form modal and a confirmed delete per row. A refused import shows the server's
 * per-row report. The application is the one chosen on the workbench (APPID); without one AppRequired
 * sends the user there.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Avatar, Button, Card, Col, Row, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { APP_API_SORT_FIELDS, type AppApiRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { fileUrl } from '../../../api/client';
import { deleteApis, downloadApiTemplate, exportApis, groupApis, importApis, listApis, type AppApiFilters } from '../../../api/app-apis';
import AppRequired, { WORKBENCH_PATH as WORKBENCH } from '../../../components/AppRequired';
import type { CurrentApp } from '../../../stores/current-app';
import ServiceTree, { type TreeChoice } from './components/service-tree';
import ApiFormModal from './components/api-form-modal';
import { API_TABLE_WIDTH, useApiColumns, type ApiRowActions } from './components/columns';
import { showApiImportReport } from './components/import-report';

export default function ApiRegistry() {
  return <AppRequired>{(app) => <Registry app={app} />}</AppRequired>;
}

function Registry({ app }: { app: CurrentApp }) {
  const { t } = useTranslation(['appapi', 'client', 'common']);
  const feedback = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const listKey = useMemo(() => ['appapis', app.id] as const, [app.id]);
  const groupKey = useMemo(() => ['appapi-groups', app.id] as const, [app.id]);
  const [choice, setChoice] = useState<TreeChoice>({});
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: AppApiRow }>({ open: false, mode: 'add' });
  const groups = useQuery({ queryKey: groupKey, queryFn: () => groupApis() });

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ queryKey: groupKey });
  };

  const actions = useMemo<ApiRowActions>(
    () => ({
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onDelete: async (row) => {
        try {
          await deleteApis([row.id]);
          void feedback.message.success(t('common:deleteSucceeded'));
          grid.current?.clearSelection();
          reload();
        } catch {
          /* shown by the client */
        }
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }),
    [t, feedback, listKey, groupKey],
  );
  const columns = useApiColumns(actions);
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 260 }], [t]);

  const onImport = async (file: File) => {
    try {
      const r = await importApis(file, { noToast: true });
      void feedback.message.success(t('importDone', { created: r.created, updated: r.updated }), 5);
    } catch (err) {
      if (!showApiImportReport(feedback, t, err)) void feedback.message.error(err instanceof Error && err.message ? err.message : t('common:operationFailed'));
      throw err;
    } finally {
      reload();
    }
  };

  const title = (
    <Space size={12} align="center">
      <span>{t('title')}</span>
      <Space size={6} aria-label={t('client:currentApp')}>
        <Avatar shape="square" size={22} src={app.logoUrl ? fileUrl(app.logoUrl) : undefined} style={{ background: '#2f54eb', fontSize: 12 }}>
          {app.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Typography.Text strong data-testid="current-app-name">
          {app.name}
        </Typography.Text>
        <Link to={WORKBENCH} style={{ fontSize: 13, fontWeight: 400 }}>
          {t('client:switchApp')}
        </Link>
      </Space>
    </Space>
  );

  return (
    <Card variant="borderless" className="mp-page-card" title={title}>
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <Row gutter={16} wrap={false} style={{ alignItems: 'flex-start' }}>
        <Col flex="260px" style={{ borderInlineEnd: '1px solid #f0f0f0', paddingInlineEnd: 12 }}>
          <ServiceTree
            groups={groups.data}
            loading={groups.isFetching}
            value={choice}
            onChange={(c) => {
              setChoice(c);
              grid.current?.clearSelection();
            }}
          />
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <DataGrid<AppApiRow, AppApiFilters, (typeof APP_API_SORT_FIELDS)[number]>
            sortFields={APP_API_SORT_FIELDS}
            ref={grid}
            title={t('title')}
            queryKey={[...listKey, choice.serviceName ?? null, choice.moduleName ?? null]}
            fetch={(q) => listApis({ ...q, ...choice })}
            columns={columns}
            rowKey="id"
            scrollX={API_TABLE_WIDTH}
            searchFields={searchFields}
            actions={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
                {t('newApi')}
              </Button>
            }
            onBatchDelete={async (ids) => {
              await deleteApis(ids);
              reload();
            }}
            onImport={onImport}
            onDownloadTemplate={() => downloadApiTemplate(t('templateFile'))}
            onExport={(f) => exportApis({ ...f, ...choice }, t('exportFile'))}
          />
        </Col>
      </Row>
      <ApiFormModal
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        preset={choice}
        groups={groups.data}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={() => reload()}
      />
    </Card>
  );
}
