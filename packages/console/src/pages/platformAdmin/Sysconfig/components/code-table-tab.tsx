/**
 * Code table tab (SPEC §7 querycodetablelist / savecodetablelist, §9 code type 1 password rule, data
 * types SysSet '4' and Verify '5'): the editable entries in one table, filtered by type and keyword
 * (the table is a few dozen rows of configuration, read whole), with new / modify / delete. Every change
 * saves the complete editable table (`savecodetablelist`), so the server checks it as a whole: keys
 * unique per type, regular expressions valid, the password rule kept.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CodeTypes, type CodeTableItem, type CodeTableRow } from '@mp/protocol';
import { listEditableCodeTable, saveCodeTable } from '../../../../api/sysconfig';
import type { OpenMode } from '../../../../components/FormModal';
import CodeEntryModal from './code-entry-modal';

const QUERY_KEY = ['sysconfig', 'codeTable'] as const;
const TYPE_COLOR: Record<number, string> = { [CodeTypes.PASSWORD_RULE]: 'volcano', [CodeTypes.SYS_SET]: 'blue', [CodeTypes.VERIFY]: 'purple' };

const toItem = (r: CodeTableRow): CodeTableItem => ({ codeType: r.codeType, codeKey: r.codeKey, codeVal: r.codeVal, sort: r.sort, description: r.description });
const same = (a: CodeTableRow, b: CodeTableRow) => a.codeType === b.codeType && a.codeKey === b.codeKey;

/** See the module docs. */
export default function CodeTableTab() {
  const { t } = useTranslation(['sysconfig', 'common', 'grid']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: rows = [], isFetching } = useQuery({ queryKey: QUERY_KEY, queryFn: () => listEditableCodeTable() });
  const [type, setType] = useState<number | undefined>();
  const [keyword, setKeyword] = useState('');
  const [modal, setModal] = useState<{ open: boolean; mode: OpenMode; row?: CodeTableRow }>({ open: false, mode: 'add' });

  const typeName = (n: number) => t(`codeTable.type${n}` as never) as unknown as string;
  const shown = useMemo(() => {
    const k = keyword.trim().toLowerCase();
    return rows.filter(
      (r) => (type === undefined || r.codeType === type) && (!k || [r.codeKey, r.codeVal, r.description].some((v) => v.toLowerCase().includes(k))),
    );
  }, [rows, type, keyword]);
  const ruleCount = rows.filter((r) => r.codeType === CodeTypes.PASSWORD_RULE).length;

  /** Saves the table with `row` replaced (or added, or removed when `next` is null); rejects on failure. */
  const commit = async (row: CodeTableRow | undefined, next: CodeTableRow | null, noToast: boolean) => {
    const items = rows.filter((r) => !row || !same(r, row)).map(toItem);
    if (next) {
      const at = row ? rows.findIndex((r) => same(r, row)) : items.length;
      items.splice(at < 0 ? items.length : at, 0, toItem(next));
    }
    const stored = await saveCodeTable(items, { noToast });
    queryClient.setQueryData(QUERY_KEY, stored);
    // The password rule also travels in the startup configuration and the modify-password check.
    void queryClient.invalidateQueries({ queryKey: ['sysconfig', 'login'] });
  };

  const remove = async (row: CodeTableRow) => {
    try {
      await commit(row, null, false);
      void message.success(t('common:deleteSucceeded'));
    } catch {
      /* shown by the client */
    }
  };

  const columns: TableColumnsType<CodeTableRow> = [
    {
      title: t('codeTable.codeType'),
      dataIndex: 'codeType',
      width: 150,
      render: (v: number) => (
        <Tag color={TYPE_COLOR[v]}>
          {v} · {typeName(v)}
        </Tag>
      ),
    },
    { title: t('codeTable.codeKey'), dataIndex: 'codeKey', width: 180 },
    {
      title: t('codeTable.codeVal'),
      dataIndex: 'codeVal',
      render: (v: string) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {v}
        </Typography.Text>
      ),
    },
    { title: t('codeTable.sort'), dataIndex: 'sort', width: 80 },
    { title: t('codeTable.description'), dataIndex: 'description', width: 220, ellipsis: true },
    {
      title: t('common:operation'),
      key: 'op',
      width: 140,
      fixed: 'right',
      render: (_, row) => {
        const last = row.codeType === CodeTypes.PASSWORD_RULE && ruleCount <= 1;
        return (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => setModal({ open: true, mode: 'modify', row })}>
              {t('common:edit')}
            </Button>
            <Popconfirm
              title={t('common:confirmTitle')}
              description={t('common:confirmDeleteOne', { name: row.codeKey })}
              okText={t('common:ok')}
              cancelText={t('common:cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(row)}
              disabled={last}
            >
              <Tooltip title={last ? t('codeTable.lastRule') : undefined}>
                <Button type="link" size="small" danger disabled={last}>
                  {t('common:delete')}
                </Button>
              </Tooltip>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <Alert type="info" showIcon title={t('codeTable.intro')} style={{ marginBottom: 16 }} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setModal({ open: true, mode: 'add' })}>
          {t('codeTable.add')}
        </Button>
        <Select
          allowClear
          aria-label={t('codeTable.codeType')}
          placeholder={t('codeTable.allTypes')}
          style={{ width: 180 }}
          value={type}
          onChange={setType}
          options={[CodeTypes.PASSWORD_RULE, CodeTypes.SYS_SET, CodeTypes.VERIFY].map((n) => ({ value: n, label: `${n} · ${typeName(n)}` }))}
        />
        <Input.Search
          allowClear
          aria-label={t('codeTable.keyword')}
          placeholder={t('codeTable.keywordPlaceholder')}
          style={{ width: 260 }}
          onSearch={setKeyword}
        />
      </Space>
      <Table<CodeTableRow>
        rowKey={(r) => `${r.codeType}/${r.codeKey}`}
        aria-label={t('tabs.codeTable')}
        columns={columns}
        dataSource={shown}
        loading={isFetching}
        size="middle"
        scroll={{ x: 960 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => t('grid:total', { count: n }) }}
      />
      <CodeEntryModal
        open={modal.open}
        mode={modal.mode}
        row={modal.row}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSubmit={(next) => commit(modal.mode === 'modify' ? modal.row : undefined, next, true)}
      />
    </>
  );
}
