/**
 * The page designer of the current application (/app/page; SPEC §2 Page manager, §4 Editing, §5 Page;
 * issue 14 "Page designer"; docs/applications.md "Page designer"): the page grid on the shared DataGrid
 * (formID, page name, page path, last update time, platform type; keyword and platform search, server
 * sort and paging, batch delete) with New / Modify in the form modal (setting file upload), and per row
 * Design (the tree designer, `?pageId=`), Share, Export and Delete. Deleting pages whose controls roles
 * hold asks a second confirmation naming the number of roles. Without a chosen application the screen
 * sends the user to the workbench.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { APP_PAGE_SORT_FIELDS, PLATFORM_TYPES, type AppPageRow } from '@mp/protocol';
import DataGrid, { DeleteRowButton, RowButton, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { deletePages, exportPage, listPages, type AppPageFilters } from '../../../api/app-pages';
import type { CurrentApp } from '../../../stores/current-app';
import AppRequired from '../../../components/AppRequired';
import PageFormModal from './components/page-form-modal';
import ShareModal from './components/share-modal';
import Designer from './components/designer';
import { downloadText, useGrantConfirm } from './components/feedback';

const PLATFORM_COLORS: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };

export default function PageDesigner() {
  return <AppRequired>{(app) => <Pages app={app} />}</AppRequired>;
}

function Pages({ app }: { app: CurrentApp }) {
  const { t, i18n } = useTranslation(['apppage', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const [params, setParams] = useSearchParams();
  const queryKey = useMemo(() => ['apppages', app.id] as const, [app.id]);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: AppPageRow }>({ open: false, mode: 'add' });
  const [sharing, setSharing] = useState<AppPageRow | null>(null);
  const confirmGrants = useGrantConfirm();
  const reload = () => void queryClient.invalidateQueries({ queryKey });

  const remove = async (ids: string[]) => {
    const done = await confirmGrants((confirm) => deletePages(ids, confirm));
    if (!done) throw new Error('declined');
    grid.current?.clearSelection();
    reload();
  };

  const columns = useMemo<TableColumnsType<AppPageRow>>(
    () => [
      {
        title: t('field.formId'),
        key: 'formId',
        dataIndex: 'formId',
        sorter: true,
        width: 170,
        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      },
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 170, ellipsis: true },
      { title: t('field.path'), key: 'path', dataIndex: 'path', sorter: true, width: 220, ellipsis: true },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 160,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('field.platformType'),
        key: 'platformType',
        dataIndex: 'platformType',
        sorter: true,
        width: 160,
        render: (v: number) => (
          <Tag color={PLATFORM_COLORS[v]} style={{ marginInlineEnd: 0 }}>
            {t(`platform.${v}` as never)}
          </Tag>
        ),
      },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 300,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => setParams({ pageId: r.id })}>{t('design')}</RowButton>
            <RowButton onClick={() => setModal({ open: true, mode: 'modify', row: r })}>{t('common:edit')}</RowButton>
            <RowButton onClick={() => setSharing(r)}>{t('share')}</RowButton>
            <RowButton
              onClick={() =>
                void exportPage(r.id).then(
                  (f) => {
                    downloadText(f.fileName, f.content);
                    void message.success(t('exportDone'));
                  },
                  () => undefined,
                )
              }
            >
              {t('export')}
            </RowButton>
            <DeleteRowButton
              name={r.name}
              onConfirm={() =>
                remove([r.id]).then(
                  () => void message.success(t('common:deleteSucceeded')),
                  () => undefined,
                )
              }
            />
          </Space>
        ),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language],
  );

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 240 },
      {
        name: 'platformType',
        label: t('field.platformType'),
        type: 'select',
        options: PLATFORM_TYPES.map((v) => ({ value: v, label: t(`platform.${v}` as never) })),
        width: 140,
      },
    ],
    [t],
  );

  const designing = params.get('pageId');
  if (designing)
    return (
      <Designer
        key={designing}
        pageId={designing}
        onBack={() => {
          setParams({});
          reload();
        }}
      />
    );

  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      title={
        <Space>
          <span>{t('title')}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 400 }} data-testid="current-app-name">
            {app.name}
          </Typography.Text>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('intro')}
      </Typography.Paragraph>
      <DataGrid<AppPageRow, AppPageFilters, (typeof APP_PAGE_SORT_FIELDS)[number]>
        ref={grid}
        sortFields={APP_PAGE_SORT_FIELDS}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => listPages(q)}
        columns={columns}
        rowKey="id"
        scrollX={1180}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('newPage')}
          </Button>
        }
        onBatchDelete={(ids) => remove(ids)}
      />
      <PageFormModal open={modal.open} mode={modal.mode} row={modal.row} onClose={() => setModal((m) => ({ ...m, open: false }))} onSaved={reload} />
      <ShareModal page={sharing} onClose={() => setSharing(null)} />
    </Card>
  );
}
