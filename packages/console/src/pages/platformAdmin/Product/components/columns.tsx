/**
 * Columns of the product grid (SPEC §2 product, §3 Application): logo, name (with the built-in tag),
 * code, abbreviation, version, status, production department, person in charge (with e-mail and
 * telephone), operations person in charge, administrators, callback address, update time and the row
 * operations. Sortable on the server: PRODUCT_SORT_FIELDS. Built-in products cannot be deleted: the
 * action is disabled with a tooltip saying so.
 */
import { useMemo } from 'react';
import { Avatar, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { MailOutlined, PhoneOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type ProductRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, statusColumn, StatusRowButton } from '../../../../components/DataGrid';
import { fileUrl } from '../../../../api/client';

/** What the operations column does; each returns when the call has finished (or failed). */
export interface ProductRowActions {
  onEdit: (row: ProductRow) => void;
  onToggleStatus: (row: ProductRow) => Promise<unknown>;
  onDelete: (row: ProductRow) => Promise<unknown>;
  /** Opens the product's client access (OpenID Connect clients). */
  onClients: (row: ProductRow) => void;
}

/** Sum of the column widths (plus the selection column): the table's horizontal scroll width. */
export const PRODUCT_TABLE_WIDTH = 2100;

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/** The columns, translated and memoised per language. */
export function useProductColumns(actions: ProductRowActions): TableColumnsType<ProductRow> {
  const { t, i18n } = useTranslation(['product', 'common']);
  return useMemo<TableColumnsType<ProductRow>>(
    () => [
      {
        title: t('field.logo'),
        key: 'logo',
        width: 64,
        render: (_, r) => (
          <Avatar shape="square" size={32} src={r.logoUrl ? fileUrl(r.logoUrl) : undefined} alt={r.name} style={{ background: '#f0f5ff', color: '#2f54eb' }}>
            {r.abbreviation.slice(0, 1) || r.name.slice(0, 1)}
          </Avatar>
        ),
      },
      {
        title: t('field.name'),
        key: 'name',
        dataIndex: 'name',
        sorter: true,
        width: 200,
        render: (_, r) => (
          <Space size={6}>
            <span>{r.name}</span>
            {r.builtIn && (
              <Tag color="blue" variant="filled">
                {t('builtIn')}
              </Tag>
            )}
          </Space>
        ),
      },
      { title: t('field.code'), key: 'code', dataIndex: 'code', sorter: true, width: 150, ellipsis: true },
      { title: t('field.abbreviation'), key: 'abbreviation', dataIndex: 'abbreviation', width: 120, ellipsis: true },
      { title: t('field.version'), key: 'version', dataIndex: 'version', sorter: true, width: 110, render: (v: string) => <Tag>{v}</Tag> },
      statusColumn<ProductRow>({ title: t('common:status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true }),
      { title: t('field.department'), key: 'department', dataIndex: 'department', width: 140, ellipsis: true },
      {
        title: t('field.ownerName'),
        key: 'owner',
        width: 230,
        render: (_, r) => (
          <div style={{ lineHeight: 1.5 }}>
            <div>{r.ownerName}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} ellipsis={{ tooltip: r.ownerEmail }}>
              <MailOutlined /> {r.ownerEmail}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <PhoneOutlined /> {r.ownerPhone}
            </Typography.Text>
          </div>
        ),
      },
      { title: t('field.opsOwner'), key: 'opsOwner', dataIndex: 'opsOwner', width: 130, ellipsis: true },
      {
        title: t('field.admins'),
        key: 'admins',
        width: 200,
        render: (_, r) => {
          if (!r.admins.length) return <Typography.Text type="secondary">{t('noAdmins')}</Typography.Text>;
          const shown = r.admins.slice(0, 2);
          const rest = r.admins.slice(2);
          return (
            <Space size={[4, 4]} wrap>
              {shown.map((a) => (
                <Tooltip key={a.id} title={`${a.employeeName || a.username} · ${a.tenantName}`}>
                  <Tag style={{ marginInlineEnd: 0 }}>{a.username}</Tag>
                </Tooltip>
              ))}
              {rest.length > 0 && (
                <Tooltip title={rest.map((a) => a.username).join(', ')}>
                  <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      {
        title: t('field.callbackUrl'),
        key: 'callbackUrl',
        dataIndex: 'callbackUrl',
        width: 220,
        ellipsis: { showTitle: false },
        render: (v: string) => (
          <Tooltip placement="topLeft" title={v}>
            <Typography.Text copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }}>{v}</Typography.Text>
          </Tooltip>
        ),
      },
      { title: t('field.updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 150, render: formatTime },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 240,
        render: (_, r) => {
          const enabled = r.status === Status.ENABLED;
          return (
            <Space size={0}>
              <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
              <RowButton onClick={() => actions.onClients(r)}>{t('clientAccess')}</RowButton>
              <StatusRowButton enabled={enabled} name={r.name} onConfirm={() => actions.onToggleStatus(r)} />
              <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} lockedTip={r.builtIn ? t('builtInLocked') : undefined} />
            </Space>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions],
  );
}
