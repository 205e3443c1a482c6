/**
 * Columns of a mapping grid (SPEC §2 orgMappingManagement, employeeMappingManagement): application, the
 * kind's own columns (organisation and the application's organisation code and name; or user, employee,
 * organisation and the user's account and name in the application), creator, update time, and the row
 * operations modify and delete (shown only with write permission on the menu).
 */
import { useMemo } from 'react';
import { Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DeleteRowButton, RowButton } from '../DataGrid';
import type { MappingKindDef, MappingRowBase } from './kinds';

export interface MappingRowActions<R> {
  edit: (row: R) => void;
  remove: (row: R) => Promise<unknown>;
}

export function useMappingColumns<R extends MappingRowBase>(def: MappingKindDef<R>, actions: MappingRowActions<R>, writable: boolean): TableColumnsType<R> {
  const { t, i18n } = useTranslation(['mapping', 'common']);
  return useMemo<TableColumnsType<R>>(
    () => [
      { title: t('app'), key: 'appName', dataIndex: 'appName', sorter: true, width: def.kind === 'org' ? 170 : 150, ellipsis: true },
      ...def.columns(t),
      { title: t('creator'), key: 'creator', dataIndex: 'creator', width: 130, ellipsis: true },
      { title: t('updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
      ...(writable
        ? [
            {
              title: t('common:operation'),
              key: 'operation',
              fixed: 'right' as const,
              width: 130,
              render: (_: unknown, r: R) => (
                <Space size={0} wrap={false}>
                  <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>
                  <DeleteRowButton name={def.rowName(r)} onConfirm={() => actions.remove(r)} />
                </Space>
              ),
            },
          ]
        : []),
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, def, actions, writable],
  );
}
