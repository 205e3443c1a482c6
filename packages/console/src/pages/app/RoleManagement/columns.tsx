/**
 * Columns of the application role grid (SPEC §3 Role: number, name, status, description, update time;
 * the template it was made from and how it uses it; members) and each row's operations: modify, members,
 * authorisation (menus, APIs, apply template, view), delete (confirmed). Each acts on its row's role only.
 */
import { useMemo } from 'react';
import { Button, Dropdown, Space, Tag, type TableColumnsType } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type AppRoleRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, StatusDot } from '../../../components/DataGrid';

/** Which dialog a row operation opens. */
export type AppRoleDialog = 'edit' | 'members' | 'menuGrant' | 'apiGrant' | 'applyTemplate' | 'viewGrant';

export interface AppRoleRowActions {
  open: (dialog: AppRoleDialog, row: AppRoleRow) => void;
  onDelete: (row: AppRoleRow) => Promise<unknown>;
}

/** Sum of the column widths plus the selection column. */
export const APP_ROLE_TABLE_WIDTH = 1300;

export function useAppRoleColumns(actions: AppRoleRowActions): TableColumnsType<AppRoleRow> {
  const { t, i18n } = useTranslation(['approle', 'common']);
  return useMemo<TableColumnsType<AppRoleRow>>(
    () => [
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 150, ellipsis: true },
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 150, ellipsis: true },
      {
        title: t('field.template'),
        key: 'template',
        width: 200,
        render: (_, r) =>
          r.templateName ? (
            <Space size={4}>
              <span>{r.templateName}</span>
              <Tag color={r.templateMode === 'sync' ? 'blue' : 'default'}>{t(`mode.${r.templateMode}`)}</Tag>
            </Space>
          ) : (
            '—'
          ),
      },
      { title: t('field.memberCount'), key: 'memberCount', dataIndex: 'memberCount', width: 110 },
      {
        title: t('field.status'),
        key: 'status',
        dataIndex: 'status',
        sorter: true,
        width: 100,
        render: (_, r) => <StatusDot enabled={r.status === Status.ENABLED} text={r.status === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />,
      },
      { title: t('field.description'), key: 'description', dataIndex: 'description', width: 160, ellipsis: true },
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
        width: 240,
        render: (_, r) => (
          <Space size={0} wrap={false}>
            <RowButton onClick={() => actions.open('edit', r)}>{t('common:edit')}</RowButton>
            <RowButton onClick={() => actions.open('members', r)}>{t('action.members')}</RowButton>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'menuGrant', label: t('action.menuGrant') },
                  { key: 'apiGrant', label: t('action.apiGrant') },
                  { key: 'applyTemplate', label: t('action.applyTemplate') },
                  { type: 'divider' as const },
                  { key: 'viewGrant', label: t('action.viewGrant') },
                ],
                onClick: ({ key }) => actions.open(key as AppRoleDialog, r),
              }}
            >
              <Button type="link" size="small" style={{ paddingInline: 4 }}>
                {t('action.authorise')} <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
            <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} />
          </Space>
        ),
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    ],
    [i18n.language, actions],
  );
}
