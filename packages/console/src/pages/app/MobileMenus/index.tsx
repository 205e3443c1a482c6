/**
 * The mobile app menus of the current application (SPEC §2 Mobile app menu list, §3 Mobile app menu;
 * Phone platform; issue 14 "Mobile app menus"; docs/applications.md "Mobile app menus"). Rendered by
 * the menu designer (/app/menu) in its "Mobile app menus" tab — default export, no props. The shared
 * DataGrid: search by app name and enabled, paging and sorting on the server, batch enable / disable /
 * delete (confirmed), New and 'Edit App' in the form modal, enable/disable and delete per row.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Result, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_MOBILE_MENU_SORT_FIELDS, type AppMobileMenuRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import type { OpenMode } from '../../../components/FormModal';
import { deleteMobileMenus, listMobileMenus, setMobileMenusEnabled, type AppMobileMenuFilters } from '../../../api/app-mobile-menus';
import { useCurrentApp } from '../../../stores/current-app';
import { MOBILE_MENU_TABLE_WIDTH, useMobileMenuColumns, type MobileMenuRowActions } from './components/columns';
import MobileMenuFormModal from './components/mobile-menu-form-modal';

export default function MobileMenus() {
  const { t } = useTranslation(['appmobilemenu', 'client', 'common']);
  const app = useCurrentApp();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => ['appmobilemenus', app?.id ?? ''] as const, [app?.id]);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: AppMobileMenuRow }>({ open: false, mode: 'add' });

  const actions = useMemo<MobileMenuRowActions>(() => {
    const run = async (work: () => Promise<unknown>, done: string) => {
      try {
        await work();
        void message.success(done);
        grid.current?.clearSelection();
        void queryClient.invalidateQueries({ queryKey });
      } catch {
        /* shown by the client */
      }
    };
    return {
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onToggle: (row) => run(() => setMobileMenusEnabled([row.id], row.enabled === 1 ? 0 : 1), t('common:operationSucceeded')),
      onDelete: (row) => run(() => deleteMobileMenus([row.id]), t('common:deleteSucceeded')),
    };
  }, [t, message, queryClient, queryKey]);
  const columns = useMobileMenuColumns(actions);
  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 220 },
      {
        name: 'enabled',
        label: t('field.enabled'),
        type: 'select',
        width: 120,
        options: [
          { label: t('common:enabled'), value: 1 },
          { label: t('common:disabled'), value: 0 },
        ],
      },
    ],
    [t],
  );

  if (!app) return <Result status="info" title={t('client:noApp')} />;
  return (
    <section aria-label={t('title')} data-testid="mobile-menus">
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <DataGrid<AppMobileMenuRow, AppMobileMenuFilters, (typeof APP_MOBILE_MENU_SORT_FIELDS)[number]>
        sortFields={APP_MOBILE_MENU_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => listMobileMenus(q)}
        columns={columns}
        rowKey="id"
        scrollX={MOBILE_MENU_TABLE_WIDTH}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('newMenu')}
          </Button>
        }
        onBatchDelete={(ids) => deleteMobileMenus(ids)}
        onBatchStatus={(ids, status) => setMobileMenusEnabled(ids, status)}
      />
      <MobileMenuFormModal
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={() => void queryClient.invalidateQueries({ queryKey })}
      />
    </section>
  );
}
