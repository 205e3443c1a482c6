/**
 * Account management of the tenant area (SPEC §2 accountManagement; §3 WeChat type; §7 no automatic
 * error toast on add/modify; §8 'Please select a user for unbind wechat account', 'Only one user
 * selected for unbind wechat account', 'Are you sure to unbind wechat?', 'User association succeeded',
 * 'deletion succeeded'; docs/tenant-members.md): the tenant's external accounts on the shared DataGrid —
 * search by account or nickname, filter by type, association and status, paging and sort on the server —
 * with new/modify, delete, associate a user and unbind WeChat. The toolbar's unbind, associate and delete
 * act on the rows chosen in the grid (DataGrid's choice column, `onSelectionChange`) and say how many
 * are chosen. Write buttons show only when the caller's menu grant includes write.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { App, Button, Card } from 'antd';
import { DeleteOutlined, DisconnectOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_SORT_FIELDS, WECHAT_TYPES, type AccountRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { deleteAccounts, listAccounts, unbindAccount } from '../../../api/account';
import { useMenuWritable } from '../../../stores/tenant-purview';
import AccountFormModal from './components/account-form-modal';
import AssociateModal from './components/associate-modal';
import { ACCOUNT_TABLE_WIDTH, useAccountColumns, useAccountTypeName, type AccountRowActions } from './components/columns';

interface AccountFilters extends Record<string, unknown> {
  keyword?: string;
  accountType?: number;
  bound?: 0 | 1;
  status?: 0 | 1;
}

export default function AccountManagement() {
  const { t } = useTranslation(['account', 'common']);
  const { message, modal } = App.useApp();
  const writable = useMenuWritable('accountManagement');
  const typeName = useAccountTypeName();
  const grid = useRef<DataGridHandle>(null);
  const [rows, setRows] = useState<AccountRow[]>([]);
  const [form, setForm] = useState<{ mode: 'add' | 'modify'; row?: AccountRow } | null>(null);
  const [associating, setAssociating] = useState<AccountRow>();

  const reload = useCallback(() => {
    grid.current?.clearSelection();
    grid.current?.reload();
  }, []);

  const unbind = useCallback(
    (row: AccountRow) => {
      if (!row.userId) {
        void message.warning(t('notBound'));
        return;
      }
      modal.confirm({
        title: t('common:confirmTitle'),
        content: t('unbindConfirm'),
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        onOk: async () => {
          await unbindAccount(row.id);
          void message.success(t('unbound'));
          reload();
        },
      });
    },
    [message, modal, reload, t],
  );

  const remove = useCallback(
    (rows: AccountRow[]) => {
      if (!rows.length) {
        void message.warning(t('common:chooseAtLeastOne'));
        return;
      }
      modal.confirm({
        title: t('common:confirmTitle'),
        okButtonProps: { danger: true },
        okText: t('common:ok'),
        cancelText: t('common:cancel'),
        content: rows.length === 1 ? t('common:confirmDeleteOne', { name: rows[0]!.account }) : t('common:confirmDelete', { count: rows.length }),
        onOk: async () => {
          await deleteAccounts(rows.map((r) => r.id));
          void message.success(t('common:deleteSucceeded'));
          reload();
        },
      });
    },
    [message, modal, reload, t],
  );

  const actions = useMemo<AccountRowActions>(
    () => ({
      ...(writable
        ? { edit: (r: AccountRow) => setForm({ mode: 'modify', row: r }), associate: setAssociating, unbind, remove: (r: AccountRow) => remove([r]) }
        : {}),
    }),
    [writable, unbind, remove],
  );
  const columns = useAccountColumns(actions);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), width: 200 },
      { name: 'accountType', label: t('field.accountType'), type: 'select', width: 160, options: WECHAT_TYPES.map((v) => ({ value: v, label: typeName(v) })) },
      {
        name: 'bound',
        label: t('bound.label'),
        type: 'select',
        width: 140,
        options: [
          { value: 1, label: t('bound.yes') },
          { value: 0, label: t('bound.no') },
        ],
      },
      {
        name: 'status',
        label: t('common:status'),
        type: 'select',
        width: 120,
        options: [
          { label: t('common:enabled'), value: 1 },
          { label: t('common:disabled'), value: 0 },
        ],
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [t],
  );

  const unbindChosen = () => {
    if (rows.length === 0) void message.warning(t('unbindNone'));
    else if (rows.length > 1) void message.warning(t('unbindMany'));
    else unbind(rows[0]!);
  };
  const associateChosen = () => {
    if (rows.length !== 1) void message.warning(t('chooseOne'));
    else setAssociating(rows[0]);
  };

  return (
    <Card variant="borderless">
      <DataGrid<AccountRow, AccountFilters, (typeof ACCOUNT_SORT_FIELDS)[number]>
        sortFields={ACCOUNT_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={['tenantAccounts']}
        fetch={(q) => listAccounts(q)}
        columns={columns}
        rowKey="id"
        scrollX={ACCOUNT_TABLE_WIDTH}
        searchFields={searchFields}
        onSelectionChange={writable ? (_ids, chosen) => setRows(chosen) : undefined}
        actions={
          writable ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add' })}>
                {t('newAccount')}
              </Button>
              <Button icon={<LinkOutlined />} onClick={associateChosen}>
                {t('associate')}
              </Button>
              <Button icon={<DisconnectOutlined />} onClick={unbindChosen}>
                {t('unbind')}
              </Button>
              <Button danger icon={<DeleteOutlined />} onClick={() => remove(rows)}>
                {t('common:delete')}
              </Button>
            </>
          ) : undefined
        }
      />
      <AccountFormModal
        open={form !== null}
        mode={form?.mode ?? 'add'}
        row={form?.row}
        onClose={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          reload();
        }}
      />
      <AssociateModal
        account={associating}
        onClose={() => setAssociating(undefined)}
        onDone={() => {
          setAssociating(undefined);
          reload();
        }}
      />
    </Card>
  );
}
