/**
 * One integration configuration list — mail (SMTP), LDAP/domain, SMS or WeChat (SPEC §7
 * `query*configlist` / `save*configlist`; docs/sysconfig.md): the shared DataGrid (search by name and
 * status, WeChat also by type; paged and sorted on the server; batch delete and enable/disable), a form
 * modal per kind, and the kind's live check — "send test mail" for mail, "test connection" for LDAP.
 * A save sends the complete list of the kind (read fresh), with the changed entry replaced, added or
 * removed; secrets are never shown, and an empty secret keeps the stored one.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONFIG_SORT_FIELDS, Status, type IntegrationKindValue, type StatusValue } from '@mp/protocol';
import DataGrid, { useStatusSearchField, type DataGridHandle, type Filters, type SearchField } from '../../../../components/DataGrid';
import type { OpenMode } from '../../../../components/FormModal';
import { listAllConfigs, listConfigs, rowToItem, saveConfigs, testLdapConnection, type ConfigItemOf, type ConfigRowOf } from '../../../../api/sysconfig';
import { useConfigColumns, type ConfigRowActions } from './config-columns';
import ConfigFormModal from './config-form-modal';
import TestMailModal from './test-mail-modal';

type AnyRow = ConfigRowOf<IntegrationKindValue>;

/** See the module docs. */
export default function ConfigListTab({ kind }: { kind: IntegrationKindValue }) {
  const { t } = useTranslation(['sysconfig', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const queryKey = useMemo(() => ['sysconfig', kind] as const, [kind]);
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: AnyRow }>({ open: false, mode: 'add' });
  const [testMail, setTestMail] = useState<AnyRow | undefined>();

  const reload = () => void queryClient.invalidateQueries({ queryKey });

  /** Reads the whole list, lets `change` edit it, saves it. */
  const rewrite = async (change: (items: ConfigItemOf<IntegrationKindValue>[]) => ConfigItemOf<IntegrationKindValue>[], noToast = false) => {
    const items = (await listAllConfigs(kind)).map((r) => rowToItem<IntegrationKindValue>(r));
    await saveConfigs(kind, change(items) as never, { noToast });
    reload();
  };
  const removeIds = (ids: string[]) => rewrite((items) => items.filter((i) => !ids.includes(i.id ?? '')));
  const setStatus = (ids: string[], status: StatusValue) => rewrite((items) => items.map((i) => (ids.includes(i.id ?? '') ? { ...i, status } : i)));

  const actions = useMemo<ConfigRowActions>(
    () => ({
      onEdit: (row) => setModal({ open: true, mode: 'modify', row }),
      onDelete: async (row) => {
        try {
          await removeIds([row.id]);
          grid.current?.clearSelection();
          void message.success(t('common:deleteSucceeded'));
        } catch {
          /* shown by the client */
        }
      },
      onToggleStatus: async (row) => {
        try {
          await setStatus([row.id], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED);
          void message.success(t('common:operationSucceeded'));
        } catch {
          /* shown by the client */
        }
      },
      onSendTestMail: kind === 'mail' ? (row) => setTestMail(row) : undefined,
      onTestConnection:
        kind === 'ldap'
          ? async (row) => {
              try {
                const found = await testLdapConnection(row.id);
                void message.success(t(found ? 'ldap.testOk' : 'ldap.testOkNoBase'));
              } catch {
                /* shown by the client */
              }
            }
          : undefined,
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }),
    [kind, t],
  );
  const { columns, width } = useConfigColumns(kind, actions);

  const statusField = useStatusSearchField();
  const searchFields = useMemo<SearchField[]>(() => {
    const fields: SearchField[] = [{ name: 'keyword', label: t('list.keyword'), width: 200 }, statusField];
    if (kind === 'wx')
      fields.push({
        name: 'type',
        label: t('wx.type'),
        type: 'select',
        width: 160,
        options: [1, 2, 3].map((n) => ({ label: t(`wx.type${n}` as never) as unknown as string, value: n })),
      });
    return fields;
  }, [kind, t, statusField]);

  const save = async (item: ConfigItemOf<IntegrationKindValue>) => {
    await rewrite((items) => (item.id ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item]), true);
  };

  return (
    <>
      <DataGrid<AnyRow, Filters, (typeof CONFIG_SORT_FIELDS)[number]>
        sortFields={CONFIG_SORT_FIELDS}
        ref={grid}
        title={t(`tabs.${kind}`)}
        queryKey={queryKey}
        fetch={(q) => listConfigs(kind, q)}
        columns={columns}
        rowKey="id"
        scrollX={width}
        searchFields={searchFields}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
            {t('list.add')}
          </Button>
        }
        onBatchDelete={(ids) => removeIds(ids)}
        onBatchStatus={(ids, status) => setStatus(ids, status)}
      />
      <ConfigFormModal
        kind={kind}
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSubmit={save}
      />
      <TestMailModal row={testMail} onClose={() => setTestMail(undefined)} />
    </>
  );
}
