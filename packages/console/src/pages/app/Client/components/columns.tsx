/**
 * Columns of the client grid (SPEC §2 App `client`): client ID (copyable), name, client type, redirect URIs (the
 * first, and the rest in a tooltip), grant types, status, update time and the row operations — edit,
 * enable/disable, reset secret (confidential clients only: a public one has no secret) and delete, each destructive one behind a confirmation naming the
 * client. Sortable on the server: CLIENT_SORT_FIELDS.
 */
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type ClientRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, statusColumn, StatusRowButton } from '../../../../components/DataGrid';

export interface ClientRowActions {
  onEdit: (row: ClientRow) => void;
  onToggleStatus: (row: ClientRow) => Promise<unknown>;
  onResetSecret: (row: ClientRow) => Promise<unknown>;
  onDelete: (row: ClientRow) => Promise<unknown>;
}

export const CLIENT_TABLE_WIDTH = 1330;

const formatTime = (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

export function useClientColumns(actions: ClientRowActions): TableColumnsType<ClientRow> {
  const { t, i18n } = useTranslation(['client', 'common']);
  return useMemo<TableColumnsType<ClientRow>>(
    () => [
      {
        title: t('field.clientId'),
        key: 'clientId',
        dataIndex: 'clientId',
        sorter: true,
        width: 170,
        render: (v: string) => (
          <Typography.Text code copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }} ellipsis={{ tooltip: v }} style={{ maxWidth: 140 }}>
            {v}
          </Typography.Text>
        ),
      },
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 130, ellipsis: true },
      {
        title: t('field.tokenEndpointAuthMethod'),
        key: 'tokenEndpointAuthMethod',
        width: 110,
        render: (_, r) => (
          <Tooltip title={t(`clientTypeHint.${r.tokenEndpointAuthMethod}`)}>
            <Tag color={r.tokenEndpointAuthMethod === 'none' ? 'purple' : 'geekblue'} style={{ marginInlineEnd: 0 }} data-testid="client-type-tag">
              {t(`clientType.${r.tokenEndpointAuthMethod}`)}
            </Tag>
          </Tooltip>
        ),
      },
      {
        title: t('field.redirectUris'),
        key: 'redirectUris',
        width: 230,
        render: (_, r) => {
          if (!r.redirectUris.length) return <Typography.Text type="secondary">—</Typography.Text>;
          const [first, ...rest] = r.redirectUris;
          return (
            <Space size={4} style={{ maxWidth: 210 }}>
              <Typography.Text ellipsis={{ tooltip: first }} style={{ maxWidth: rest.length ? 165 : 210 }}>
                {first}
              </Typography.Text>
              {rest.length > 0 && (
                <Tooltip
                  title={
                    <div>
                      {rest.map((u) => (
                        <div key={u}>{u}</div>
                      ))}
                    </div>
                  }
                >
                  <Tag style={{ marginInlineEnd: 0 }}>+{rest.length}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      {
        title: t('field.grantTypes'),
        key: 'grantTypes',
        width: 190,
        render: (_, r) => (
          <Space size={[4, 4]} wrap>
            {r.grantTypes.map((g) => (
              <Tag
                key={g}
                color={g === 'refresh_token' ? 'cyan' : 'blue'}
                variant="filled"
                style={{ marginInlineEnd: 0, maxWidth: 170, overflow: 'hidden', textOverflow: 'ellipsis' }}
                title={g}
              >
                {t(`grant.${g}`)}
              </Tag>
            ))}
          </Space>
        ),
      },
      statusColumn<ClientRow>({ title: t('common:status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true, width: 110 }),
      { title: t('field.updatedAt'), key: 'updatedAt', dataIndex: 'updatedAt', sorter: true, width: 130, render: formatTime },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 240,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
            <StatusRowButton enabled={r.status === Status.ENABLED} name={r.name} onConfirm={() => actions.onToggleStatus(r)} />
            {r.tokenEndpointAuthMethod !== 'none' && (
              <Popconfirm
                title={t('resetTitle', { name: r.name })}
                description={<div style={{ maxWidth: 300 }}>{t('resetContent')}</div>}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => actions.onResetSecret(r)}
              >
                <Button type="link" size="small" style={{ paddingInline: 4 }}>
                  {t('resetSecret')}
                </Button>
              </Popconfirm>
            )}
            <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} />
          </Space>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.language, actions],
  );
}
