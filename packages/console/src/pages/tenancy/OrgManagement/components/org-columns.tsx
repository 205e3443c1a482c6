/**
 * Columns of the organisation grids (SPEC §2 Organisation management: code, name, description, type,
 * order, operation; §3: status, number of users) and the row operations: modify, choose parent (whose
 * dialog also takes a leaf out of the tree), enable/disable, delete. The root has no parent and cannot be moved,
 * disabled or deleted, so those operations are not offered for it.
 */
import { useMemo } from 'react';
import { Space, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type TenantOrgRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, StatusDot, StatusRowButton } from '../../../../components/DataGrid';
import { useOrgTypes } from './org-type';

export interface OrgRowActions {
  edit: (row: TenantOrgRow) => void;
  chooseParent: (row: TenantOrgRow) => void;
  toggleStatus: (row: TenantOrgRow) => unknown;
  remove: (row: TenantOrgRow) => Promise<unknown>;
}

/** Sum of the column widths plus the selection column. */
export const ORG_TABLE_WIDTH = 1350;

export function useOrgColumns(actions: OrgRowActions, opts: { library?: boolean; writable?: boolean } = {}): TableColumnsType<TenantOrgRow> {
  const { t, i18n } = useTranslation(['organisation', 'common']);
  const types = useOrgTypes();
  const writable = opts.writable ?? true;
  return useMemo<TableColumnsType<TenantOrgRow>>(
    () => [
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 130, ellipsis: true },
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 170, ellipsis: true },
      { title: t('field.description'), key: 'description', dataIndex: 'description', width: 160, ellipsis: true },
      { title: t('field.type'), key: 'type', dataIndex: 'type', sorter: true, width: 110, render: (v: number) => types.name(v) },
      opts.library
        ? {
            title: t('field.relation'),
            key: 'relation',
            width: 170,
            render: (_, r) =>
              r.root ? (
                <Tag color="blue">{t('relation.root')}</Tag>
              ) : r.single ? (
                <Tag>{t('relation.single')}</Tag>
              ) : (
                <Tag color="green">{t('relation.tree')}</Tag>
              ),
          }
        : { title: t('field.parent'), key: 'parentName', dataIndex: 'parentName', width: 140, ellipsis: true },
      ...(opts.library ? [{ title: t('field.parent'), key: 'parentName', dataIndex: 'parentName', width: 140, ellipsis: true }] : []),
      { title: t('field.sort'), key: 'sort', dataIndex: 'sort', sorter: true, width: 90, align: 'right' },
      {
        title: t('field.status'),
        key: 'status',
        dataIndex: 'status',
        sorter: true,
        width: 100,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      { title: t('field.userCount'), key: 'userCount', dataIndex: 'userCount', width: 90, align: 'right' },
      {
        title: t('field.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 150,
        render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
      },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 270,
        render: (_, r) =>
          writable ? (
            <Space size={0} wrap={false}>
              <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>
              {!r.root && <RowButton onClick={() => actions.chooseParent(r)}>{t('action.chooseParent')}</RowButton>}
              {!r.root && <StatusRowButton enabled={r.status === Status.ENABLED} name={r.name} onConfirm={() => actions.toggleStatus(r)} />}
              {!r.root && <DeleteRowButton name={r.name} onConfirm={() => actions.remove(r)} />}
            </Space>
          ) : null,
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, actions, opts.library, writable, types],
  );
}
