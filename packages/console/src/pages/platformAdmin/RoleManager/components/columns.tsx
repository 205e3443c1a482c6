/**
 * Columns of the role grid (SPEC §3 Role: role number, name, organisation, category, status, built-in,
 * update time, description) and the row operations: edit, members, authorisation (menu, organisation
 * type, organisation tree), authorisation view, delete. Every operation acts on exactly the one role of
 * its row (SPEC §5 "exactly one role for edit/auth/view"). Built-in roles cannot be deleted.
 */
import { useMemo } from 'react';
import { Button, Dropdown, Space, Tag, type TableColumnsType } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type RoleRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, StatusDot } from '../../../../components/DataGrid';

/** Which dialog a row operation opens. */
export type RoleDialog = 'edit' | 'members' | 'menuGrant' | 'orgTypeGrant' | 'orgGrant' | 'apiGrant' | 'viewGrant';

/** What the tenant area adds: API authorisation, and read-only rows for a caller without write (control grants). */
export interface RoleColumnOptions {
  /** The label of the API authorisation item (absent: no such item). */
  apiGrant?: string;
  writable?: boolean;
}

export interface RoleRowActions {
  open: (dialog: RoleDialog, row: RoleRow) => void;
  onDelete: (row: RoleRow) => Promise<unknown>;
}

/** Sum of the column widths plus the selection column. */
export const ROLE_TABLE_WIDTH = 1300;

const link = { type: 'link', size: 'small', style: { paddingInline: 4 } } as const;

export function useRoleColumns(actions: RoleRowActions, { apiGrant, writable = true }: RoleColumnOptions = {}): TableColumnsType<RoleRow> {
  const { t, i18n } = useTranslation(['role', 'common']);
  return useMemo<TableColumnsType<RoleRow>>(
    () => [
      { title: t('field.roleNo'), key: 'roleNo', dataIndex: 'roleNo', sorter: true, width: 150, ellipsis: true },
      {
        title: t('field.roleName'),
        key: 'roleName',
        dataIndex: 'roleName',
        sorter: true,
        width: 170,
        render: (_, r) => (
          <Space size={6}>
            <span>{r.roleName}</span>
            {r.builtIn && (
              <Tag color="blue" variant="filled">
                {t('builtIn')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('field.org'), key: 'orgName', dataIndex: 'orgName', width: 150, ellipsis: true },
      { title: t('field.roleCategory'), key: 'roleCategory', dataIndex: 'roleCategory', width: 120, ellipsis: true },
      {
        title: t('field.roleStatus'),
        key: 'roleStatus',
        dataIndex: 'roleStatus',
        sorter: true,
        width: 100,
        render: (_, r) => (
          <StatusDot enabled={r.roleStatus === Status.ENABLED} text={r.roleStatus === Status.ENABLED ? t('common:enabled') : t('common:disabled')} />
        ),
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
        width: 270,
        render: (_, r) => (
          <Space size={0} wrap={false}>
            {writable && <RowButton onClick={() => actions.open('edit', r)}>{t('common:edit')}</RowButton>}
            <RowButton onClick={() => actions.open('members', r)}>{t('action.members')}</RowButton>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(writable
                    ? [
                        { key: 'menuGrant', label: t('action.menuGrant') },
                        ...(apiGrant ? [{ key: 'apiGrant', label: apiGrant }] : []),
                        { key: 'orgTypeGrant', label: t('action.orgTypeGrant') },
                        { key: 'orgGrant', label: t('action.orgGrant') },
                        { type: 'divider' as const },
                      ]
                    : []),
                  { key: 'viewGrant', label: t('action.viewGrant') },
                ],
                onClick: ({ key }) => actions.open(key as RoleDialog, r),
              }}
            >
              <Button {...link}>
                {t('action.authorise')} <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
            {writable && <DeleteRowButton name={r.roleName} onConfirm={() => actions.onDelete(r)} lockedTip={r.builtIn ? t('builtInLocked') : undefined} />}
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions, apiGrant, writable],
  );
}
