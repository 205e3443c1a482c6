/**
 * Columns of the organisation mapping grid (SPEC §2 orgMappingManagement): application, organisation
 * (its code as the tooltip), the application's organisation code and name, creator, update time, and the row
 * operations modify and delete (shown only with write permission on the menu).
 */
import { useMemo } from 'react';
import { Space, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrgMappingRow } from '@mp/protocol';
import { DeleteRowButton, RowButton } from '../../../../components/DataGrid';

export interface MappingRowActions<R> {
  edit: (row: R) => void;
  remove: (row: R) => Promise<unknown>;
}

export const ORG_MAPPING_TABLE_WIDTH = 1100;

export function useOrgMappingColumns(actions: MappingRowActions<OrgMappingRow>, writable: boolean): TableColumnsType<OrgMappingRow> {
  const { t, i18n } = useTranslation(['mapping', 'common']);
  return useMemo<TableColumnsType<OrgMappingRow>>(() => [
    { title: t('app'), key: 'appName', dataIndex: 'appName', sorter: true, width: 170, ellipsis: true },
    { title: t('org.org'), key: 'orgName', dataIndex: 'orgName', sorter: true, width: 180, ellipsis: true, render: (v: string, r) => <span title={r.orgCode}>{v}</span> },
    { title: t('org.colCode'), key: 'externalCode', dataIndex: 'externalCode', sorter: true, width: 160, ellipsis: true },
    { title: t('org.colName'), key: 'externalName', dataIndex: 'externalName', width: 170, ellipsis: true, render: (v: string) => v || '-' },
    { title: t('creator'), key: 'creator', dataIndex: 'creator', width: 130, ellipsis: true },
    { title: t('updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 150, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
    ...(writable ? [{
      title: t('common:operation'), key: 'operation', fixed: 'right' as const, width: 130,
      render: (_: unknown, r: OrgMappingRow) => (
        <Space size={0} wrap={false}>
          <RowButton onClick={() => actions.edit(r)}>{t('common:edit')}</RowButton>
          <DeleteRowButton name={`${r.orgName} → ${r.externalCode}`} onConfirm={() => actions.remove(r)} />
        </Space>
      ),
    }] : []),
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [i18n.language, actions, writable]);
}
