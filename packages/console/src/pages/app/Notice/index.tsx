/**
 * Notices of the current application (issue 16 "Notices"; SPEC §2 App `notice`; docs/notices.md): the grid
 * (title search, status filter, sort, server paging) with New, and per row edit, preview, publish, withdraw,
 * receipts and delete as the notice's state allows. The application is the workbench's choice (AppRequired).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_SORT_FIELDS, type NoticeRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteNotice, listNotices, setNoticeStatus, type NoticeFilters } from '../../../api/notices';
import type { CurrentApp } from '../../../stores/current-app';
import { NOTICE_TABLE_WIDTH, useNoticeColumns, type NoticeRowActions } from './columns';
import NoticeFormModal from './form-modal';
import NoticePreviewModal from './preview-modal';
import NoticeReceiptsModal from './receipts-modal';

export default function NoticeManagement() {
  return <AppRequired>{(app) => <NoticeScreen app={app} />}</AppRequired>;
}

function NoticeScreen({ app }: { app: CurrentApp }) {
  const { t } = useTranslation(['notice', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => ['notices', app.id] as const, [app.id]);
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const [preview, setPreview] = useState<string | null>(null);
  const [receipts, setReceipts] = useState<NoticeRow | null>(null);

  const actions = useMemo<NoticeRowActions>(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey });
    return {
      onEdit: (row) => setForm({ open: true, id: row.id }),
      onPreview: (row) => setPreview(row.id),
      onReceipts: (row) => setReceipts(row),
      onStatus: async (row, status) => {
        try {
          const n = await setNoticeStatus(row.id, status);
          void message.success(t(status === 2 ? 'withdrawn' : n.state === 'scheduled' ? 'scheduledDone' : 'published'));
          reload();
        } catch {
          /* shown by the client */
        }
      },
      onDelete: async (row) => {
        try {
          await deleteNotice(row.id);
          void message.success(t('common:deleteSucceeded'));
          reload();
        } catch {
          /* shown by the client */
        }
      },
    };
  }, [t, message, queryClient, queryKey]);
  const columns = useNoticeColumns(actions);
  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'title', label: t('titleLabel'), placeholder: t('titlePlaceholder'), width: 220 },
      {
        name: 'status',
        label: t('status'),
        type: 'select',
        width: 140,
        options: [0, 1, 2].map((s) => ({ value: s, label: t(`state.${['draft', 'published', 'withdrawn'][s]}`) })),
      },
    ],
    [t],
  );

  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={
        <span>
          {t('title')} ·{' '}
          <Typography.Text strong data-testid="current-app-name">
            {app.name}
          </Typography.Text>
        </span>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<NoticeRow, NoticeFilters, (typeof NOTICE_SORT_FIELDS)[number]>
        sortFields={NOTICE_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => listNotices(q)}
        columns={columns}
        rowKey="id"
        scrollX={NOTICE_TABLE_WIDTH}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })}>
            {t('newNotice')}
          </Button>
        }
      />
      <NoticeFormModal
        open={form.open}
        id={form.id}
        onClose={() => setForm({ open: false })}
        onSaved={() => void queryClient.invalidateQueries({ queryKey })}
      />
      <NoticePreviewModal id={preview} onClose={() => setPreview(null)} />
      <NoticeReceiptsModal notice={receipts} onClose={() => setReceipts(null)} />
    </Card>
  );
}
