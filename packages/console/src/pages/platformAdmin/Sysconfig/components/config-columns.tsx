/**
 * Columns of the integration configuration grids (docs/sysconfig.md "Integration lists"): name,
 * status, whether a secret is saved (never the secret), the kind's main fields (mail: server, port,
 * encryption, sender; LDAP: address, base DN, bind DN; SMS: provider, sign, template; WeChat: type,
 * corp/app id, agent id), order, update time and the operations — edit, enable/disable, delete, and
 * the kind's live check (send test mail / test connection). Sortable on the server: name, status,
 * order, update time (CONFIG_SORT_FIELDS).
 */
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Status, type IntegrationKindValue } from '@mp/protocol';
import { statusColumn } from '../../../../components/DataGrid';
import type { ConfigRowOf } from '../../../../api/sysconfig';

type AnyRow = ConfigRowOf<IntegrationKindValue> & Record<string, unknown>;

/** What the operations column does. */
export interface ConfigRowActions {
  onEdit: (row: AnyRow) => void;
  onToggleStatus: (row: AnyRow) => Promise<unknown>;
  onDelete: (row: AnyRow) => Promise<unknown>;
  onSendTestMail?: (row: AnyRow) => void;
  onTestConnection?: (row: AnyRow) => Promise<unknown>;
}

const text = (v: unknown) => <Typography.Text ellipsis={{ tooltip: String(v ?? '') }}>{String(v ?? '')}</Typography.Text>;

/** The columns of `kind` and the table's scroll width, translated and memoised per language. */
export function useConfigColumns(kind: IntegrationKindValue, actions: ConfigRowActions): { columns: TableColumnsType<AnyRow>; width: number } {
  const { t, i18n } = useTranslation(['sysconfig', 'common']);
  return useMemo(() => {
    const tt = (k: string) => t(k as never) as unknown as string;
    const specific: Record<IntegrationKindValue, TableColumnsType<AnyRow>> = {
      mail: [
        { title: tt('mail.host'), dataIndex: 'host', width: 180, render: text },
        { title: tt('mail.port'), dataIndex: 'port', width: 80 },
        { title: tt('mail.tlsMode'), dataIndex: 'tlsMode', width: 110, render: (v: string) => tt(`mail.tls_${v}`) },
        { title: tt('mail.fromAddress'), dataIndex: 'fromAddress', width: 200, render: text },
      ],
      ldap: [
        { title: tt('ldap.url'), dataIndex: 'url', width: 220, render: text },
        { title: tt('ldap.baseDn'), dataIndex: 'baseDn', width: 200, render: text },
        { title: tt('ldap.bindDn'), dataIndex: 'bindDn', width: 200, render: text },
      ],
      sms: [
        { title: tt('sms.provider'), dataIndex: 'provider', width: 140, render: (v: string) => tt(`sms.provider_${v}`) },
        { title: tt('sms.signName'), dataIndex: 'signName', width: 140, render: text },
        { title: tt('sms.templateCode'), dataIndex: 'templateCode', width: 150, render: text },
      ],
      wx: [
        {
          title: tt('wx.type'),
          dataIndex: 'type',
          width: 140,
          render: (v: number) => <Tag color={['', 'green', 'blue', 'purple'][v]}>{tt(`wx.type${v}`)}</Tag>,
        },
        { title: `${tt('wx.corpId')} / ${tt('wx.appId')}`, key: 'appId', width: 200, render: (_, r) => text(r.type === 1 ? r.corpId : r.appId) },
        { title: tt('wx.agentId'), dataIndex: 'agentId', width: 120, render: text },
      ],
    };
    const columns: TableColumnsType<AnyRow> = [
      { title: tt('list.name'), key: 'name', dataIndex: 'name', sorter: true, width: 180, render: text },
      statusColumn<AnyRow>({ title: t('common:status'), enabledText: t('common:enabled'), disabledText: t('common:disabled'), sortable: true }),
      {
        title: (
          <>
            <KeyOutlined /> {tt(kind === 'mail' ? 'mail.password' : kind === 'ldap' ? 'ldap.bindPassword' : `${kind}.secret`)}
          </>
        ),
        key: 'hasSecret',
        width: 130,
        render: (_, r) => (r.hasSecret ? <Tag color="green">{tt('list.secretSet')}</Tag> : <Tag>{tt('list.secretNotSet')}</Tag>),
      },
      ...specific[kind],
      { title: tt('list.sort'), key: 'sort', dataIndex: 'sort', sorter: true, width: 90 },
      {
        title: tt('list.updatedAt'),
        key: 'updatedAt',
        dataIndex: 'updatedAt',
        sorter: true,
        width: 160,
        render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
      },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: kind === 'mail' ? 280 : kind === 'ldap' ? 260 : 170,
        render: (_, r) => {
          const enabled = r.status === Status.ENABLED;
          return (
            <Space size={0} wrap>
              <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => actions.onEdit(r)}>
                {t('common:edit')}
              </Button>
              <Popconfirm
                title={t('common:confirmTitle')}
                description={t(enabled ? 'common:confirmDisableOne' : 'common:confirmEnableOne', { name: r.name })}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                onConfirm={() => actions.onToggleStatus(r)}
              >
                <Button type="link" size="small" style={{ paddingInline: 4 }}>
                  {enabled ? t('common:disable') : t('common:enable')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('common:confirmTitle')}
                description={t('common:confirmDeleteOne', { name: r.name })}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => actions.onDelete(r)}
              >
                <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                  {t('common:delete')}
                </Button>
              </Popconfirm>
              {actions.onSendTestMail && (
                <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => actions.onSendTestMail!(r)}>
                  {tt('mail.sendTest')}
                </Button>
              )}
              {actions.onTestConnection && (
                <Button type="link" size="small" style={{ paddingInline: 4 }} onClick={() => void actions.onTestConnection!(r)}>
                  {tt('ldap.test')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ];
    const width = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 48);
    return { columns, width };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, i18n.language, actions]);
}
