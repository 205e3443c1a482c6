/**
 * Columns of the user grid (SPEC §2 "User grids: … tenant-platform layouts with and without tenant
 * column", §3 User): avatar and user name (with super-manager / built-in tags), employee name and
 * code, the tenant (only in the all-tenants layout), affiliated organisation, gender, mobile, e-mail,
 * status, lock state, validity, update time and the row operations — modify, enable/disable, and
 * under "more" lock/unlock, reset password and delete. The super manager and the signed-in account
 * cannot be disabled, locked or deleted: those actions are disabled with a tooltip saying why.
 * Sortable on the server: USER_SORT_FIELDS.
 */
import { useMemo } from 'react';
import { Avatar, Button, Dropdown, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type UserRow } from '@mp/protocol';
import { StatusDot, statusColumn } from '../../../../components/DataGrid';
import { fileUrl } from '../../../../api/client';

/** What the operations do; each resolves when the call has finished (or failed). */
export interface UserRowActions {
  onEdit: (row: UserRow) => void;
  onToggleStatus: (row: UserRow) => Promise<unknown>;
  onToggleLock: (row: UserRow) => void;
  onResetPassword: (row: UserRow) => void;
  onDelete: (row: UserRow) => void;
  /** Opens the face-registration dialog (issue 18; absent: no menu item). */
  onFace?: (row: UserRow) => void;
}

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** Sum of the column widths: the table's horizontal scroll width, per layout. */
export const userTableWidth = (withTenant: boolean) => (withTenant ? 1790 : 1630);

/** True when the row may not be disabled, locked or deleted (and the tooltip key saying why). */
export function protectionOf(row: UserRow, selfId: string): string | null {
  if (row.superManager) return 'user:protectedTip';
  if (row.id === selfId) return 'user:selfTip';
  return null;
}

/** The columns, translated and memoised per language and layout. */
export function useUserColumns(actions: UserRowActions, withTenant: boolean, selfId: string): TableColumnsType<UserRow> {
  const { t, i18n } = useTranslation(['user', 'common', 'grid']);
  return useMemo<TableColumnsType<UserRow>>(() => {
    const cols: TableColumnsType<UserRow> = [
      {
        title: t('field.username'),
        key: 'username',
        dataIndex: 'username',
        sorter: true,
        fixed: 'left',
        width: 210,
        render: (_, r) => (
          <Space size={8}>
            <Avatar
              size={28}
              src={r.avatarUrl ? fileUrl(r.avatarUrl) : undefined}
              icon={<UserOutlined />}
              style={{ background: '#e6f4ff', color: '#1677ff', flex: 'none' }}
            />
            <span>{r.username}</span>
            {r.superManager && (
              <Tag color="gold" variant="filled">
                {t('superManager')}
              </Tag>
            )}
            {r.builtIn && !r.superManager && (
              <Tag color="blue" variant="filled">
                {t('builtIn')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('field.employeeName'), key: 'employeeName', dataIndex: 'employeeName', sorter: true, width: 130, ellipsis: true },
      { title: t('field.employeeCode'), key: 'employeeCode', dataIndex: 'employeeCode', sorter: true, width: 120, ellipsis: true },
    ];
    if (withTenant) cols.push({ title: t('field.tenant'), key: 'tenantName', dataIndex: 'tenantName', sorter: true, width: 160, ellipsis: true });
    cols.push(
      { title: t('field.orgId'), key: 'orgName', dataIndex: 'orgName', width: 160, ellipsis: true },
      { title: t('field.gender'), key: 'gender', dataIndex: 'gender', width: 80, render: (v: string) => (v ? t(`gender.${v}` as never) : '') },
      { title: t('field.mobile'), key: 'mobile', dataIndex: 'mobile', width: 130 },
      { title: t('field.email'), key: 'email', dataIndex: 'email', width: 200, ellipsis: true },
      statusColumn<UserRow>({ title: t('common:status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true }),
      {
        title: t('field.locked'),
        key: 'locked',
        width: 110,
        render: (_, r) =>
          r.locked || r.lockedUntil ? (
            <Tooltip title={r.lockedUntil && !r.locked ? t('lockedUntil', { time: formatTime(r.lockedUntil) }) : undefined}>
              <span>
                <StatusDot enabled={false} color="#FF4D4F" text={t('lockedTag')} />
              </span>
            </Tooltip>
          ) : (
            <StatusDot enabled text={t('unlockedTag')} />
          ),
      },
      {
        title: t('field.validity'),
        key: 'validity',
        width: 200,
        render: (_, r) => (r.effectiveDate || r.expiryDate ? `${r.effectiveDate || '…'} ~ ${r.expiryDate || '…'}` : ''),
      },
      { title: t('field.updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 150, render: formatTime },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 200,
        render: (_, r) => {
          const enabled = r.status === Status.ENABLED;
          const locked = r.locked || !!r.lockedUntil;
          const guard = protectionOf(r, selfId);
          const toggleLabel = enabled ? t('common:disable') : t('common:enable');
          const link = { type: 'link' as const, size: 'small' as const, style: { paddingInline: 4 } };
          return (
            <Space size={0}>
              <Button {...link} onClick={() => actions.onEdit(r)}>
                {t('common:edit')}
              </Button>
              {enabled && guard ? (
                <Tooltip title={t(guard as never)}>
                  <span style={{ cursor: 'not-allowed' }}>
                    <Button {...link} disabled style={{ ...link.style, pointerEvents: 'none' }}>
                      {toggleLabel}
                    </Button>
                  </span>
                </Tooltip>
              ) : (
                <Popconfirm
                  title={t('common:confirmTitle')}
                  description={enabled ? t('confirmDisableUser', { name: r.username }) : t('common:confirmEnableOne', { name: r.username })}
                  okText={t('common:ok')}
                  cancelText={t('common:cancel')}
                  onConfirm={() => actions.onToggleStatus(r)}
                >
                  <Button {...link}>{toggleLabel}</Button>
                </Popconfirm>
              )}
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [
                    {
                      key: 'lock',
                      label: locked ? t('unlock') : t('lock'),
                      disabled: !locked && !!guard,
                      title: !locked && guard ? t(guard as never) : undefined,
                    },
                    { key: 'reset', label: t('resetPassword') },
                    ...(actions.onFace ? [{ key: 'face', label: t('face:action') }] : []),
                    { type: 'divider' },
                    { key: 'delete', label: t('common:delete'), danger: true, disabled: !!guard, title: guard ? t(guard as never) : undefined },
                  ],
                  onClick: ({ key }) => {
                    if (key === 'lock') actions.onToggleLock(r);
                    else if (key === 'reset') actions.onResetPassword(r);
                    else if (key === 'face') actions.onFace?.(r);
                    else if (key === 'delete') actions.onDelete(r);
                  },
                }}
              >
                <Button {...link} aria-label={`${t('more')} ${r.username}`}>
                  {t('more')} <DownOutlined style={{ fontSize: 10 }} />
                </Button>
              </Dropdown>
            </Space>
          );
        },
      },
    );
    return cols;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, actions, withTenant, selfId]);
}
