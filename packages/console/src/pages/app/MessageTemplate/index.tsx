/**
 * Message templates of the current application (issue 16 part M; SPEC §2 App `messagetemplate`;
 * docs/messages.md "Templates"): grid with search (code / name), channel and status filters, sort and server
 * paging; New; per row edit, enable / disable and delete (confirmed, naming the template); batch enable,
 * disable and delete. The application is the workbench's choice (AppRequired).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHANNELS, MESSAGE_TEMPLATE_SORT_FIELDS, Status, type MessageTemplateRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid, { DeleteRowButton, RowButton, StatusDot, StatusRowButton, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteMessageTemplates, listMessageTemplates, setMessageTemplatesStatus, type MessageTemplateFilters } from '../../../api/messages';
import type { CurrentApp } from '../../../stores/current-app';
import TemplateFormModal from './form-modal';

export const CHANNEL_COLOR = { insite: 'blue', email: 'geekblue', sms: 'cyan' } as const;

export default function MessageTemplates() {
  return <AppRequired>{(app) => <TemplateScreen app={app} />}</AppRequired>;
}

function TemplateScreen({ app }: { app: CurrentApp }) {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => ['message-templates', app.id] as const, [app.id]);
  const [form, setForm] = useState<{ open: boolean; id?: string }>({ open: false });
  const reload = () => void queryClient.invalidateQueries({ queryKey });

  const columns = useMemo<TableColumnsType<MessageTemplateRow>>(
    () => [
      { title: t('template.code'), key: 'code', dataIndex: 'code', sorter: true, width: 150, ellipsis: true },
      { title: t('template.name'), key: 'name', dataIndex: 'name', sorter: true, width: 180, ellipsis: true },
      {
        title: t('template.channel'),
        key: 'channel',
        sorter: true,
        width: 100,
        render: (_, r) => <Tag color={CHANNEL_COLOR[r.channel]}>{t(`channel.${r.channel}`)}</Tag>,
      },
      {
        title: t('template.languages'),
        key: 'languages',
        width: 170,
        render: (_, r) => (
          <Space size={2} wrap>
            {Object.keys(r.contents).map((l) => (
              <Tag key={l} style={{ marginInlineEnd: 0 }}>
                {t(`language.${l}`)}
              </Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('status'),
        key: 'status',
        sorter: true,
        width: 90,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={t(r.status === Status.ENABLED ? 'template.enabled' : 'template.disabled')} />,
      },
      { title: t('updatedAt'), key: 'updatedAt', sorter: true, width: 150, render: (_, r) => dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm') },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 200,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => setForm({ open: true, id: r.id })}>{t('edit')}</RowButton>
            <StatusRowButton
              enabled={r.status === Status.ENABLED}
              name={r.name}
              onConfirm={async () => {
                await setMessageTemplatesStatus([r.id], r.status === Status.ENABLED ? 0 : 1);
                reload();
              }}
            />
            <DeleteRowButton
              name={r.name}
              onConfirm={async () => {
                await deleteMessageTemplates([r.id]);
                void message.success(t('common:deleteSucceeded'));
                reload();
              }}
            />
          </Space>
        ),
      },
    ],
    [t, message, queryKey],
  );
  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('template.code'), placeholder: t('template.keywordPlaceholder'), width: 220 },
      {
        name: 'channel',
        label: t('template.channel'),
        type: 'select',
        width: 140,
        options: MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) })),
      },
      {
        name: 'status',
        label: t('status'),
        type: 'select',
        width: 120,
        options: [
          { value: 1, label: t('template.enabled') },
          { value: 0, label: t('template.disabled') },
        ],
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
          {t('template.title')} ·{' '}
          <Typography.Text strong data-testid="current-app-name">
            {app.name}
          </Typography.Text>
        </span>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('template.intro', { example: '{{user.name}}', interpolation: { escapeValue: false } })}
      </Typography.Paragraph>
      <DataGrid<MessageTemplateRow, MessageTemplateFilters, (typeof MESSAGE_TEMPLATE_SORT_FIELDS)[number]>
        sortFields={MESSAGE_TEMPLATE_SORT_FIELDS}
        ref={grid}
        title={t('template.title')}
        queryKey={queryKey}
        fetch={(q) => listMessageTemplates(q)}
        columns={columns}
        rowKey="id"
        scrollX={1040}
        searchFields={searchFields}
        onBatchDelete={async (ids) => {
          await deleteMessageTemplates(ids);
          reload();
        }}
        onBatchStatus={async (ids, status) => {
          await setMessageTemplatesStatus(ids, status);
          reload();
        }}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true })} data-testid="template-new">
            {t('template.newTemplate')}
          </Button>
        }
      />
      <TemplateFormModal open={form.open} id={form.id} onClose={() => setForm({ open: false })} onSaved={reload} />
    </Card>
  );
}
