/**
 * Columns of the mobile app menu grid (SPEC §2 Mobile app menu list / §3 Mobile app menu): AM_ID, app
 * name, list icon, normal icon, highlight icon, enabled, description, operation ('Edit App', enable /
 * disable and delete, each confirmed with the app's name). Sortable on the server: APP_MOBILE_MENU_SORT_FIELDS.
 */
import { useMemo } from 'react';
import { Image, Space, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppMobileMenuRow } from '@mp/protocol';
import { DeleteRowButton, RowButton, StatusDot, StatusRowButton } from '../../../../components/DataGrid';
import { fileUrl } from '../../../../api/client';

export interface MobileMenuRowActions {
  onEdit: (row: AppMobileMenuRow) => void;
  onToggle: (row: AppMobileMenuRow) => Promise<unknown>;
  onDelete: (row: AppMobileMenuRow) => Promise<unknown>;
}

export const MOBILE_MENU_TABLE_WIDTH = 1080;

function Icon({ url, alt, none }: { url: string; alt: string; none: string }) {
  if (!url) return <Typography.Text type="secondary">{none}</Typography.Text>;
  return (
    <Image
      src={fileUrl(url)}
      alt={alt}
      width={32}
      height={32}
      style={{ objectFit: 'contain', borderRadius: 6, background: '#f5f7fa' }}
      preview={{ mask: false }}
    />
  );
}

export function useMobileMenuColumns(actions: MobileMenuRowActions): TableColumnsType<AppMobileMenuRow> {
  const { t, i18n } = useTranslation(['appmobilemenu', 'common']);
  return useMemo<TableColumnsType<AppMobileMenuRow>>(() => {
    const icon = (key: 'listIcon' | 'normalIcon' | 'highlightIcon') => ({
      title: t(`field.${key}`),
      key,
      width: 100,
      align: 'center' as const,
      render: (_: unknown, r: AppMobileMenuRow) => <Icon url={r[`${key}Url`]} alt={`${r.name} ${t(`field.${key}`)}`} none={t('noIcon')} />,
    });
    return [
      {
        title: t('field.id'),
        key: 'id',
        dataIndex: 'id',
        width: 120,
        render: (v: string) => (
          <Typography.Text code copyable={{ text: v, tooltips: [t('common:copy'), t('common:copied')] }} ellipsis={{ tooltip: v }} style={{ maxWidth: 100 }}>
            {v}
          </Typography.Text>
        ),
      },
      { title: t('field.name'), key: 'name', dataIndex: 'name', sorter: true, width: 150, ellipsis: true },
      icon('listIcon'),
      icon('normalIcon'),
      icon('highlightIcon'),
      {
        title: t('field.enabled'),
        key: 'enabled',
        dataIndex: 'enabled',
        sorter: true,
        width: 100,
        render: (v: number) => <StatusDot enabled={v === 1} text={v === 1 ? t('common:enabled') : t('common:disabled')} />,
      },
      { title: t('field.sort'), key: 'sort', dataIndex: 'sort', sorter: true, width: 110 },
      { title: t('field.description'), key: 'description', dataIndex: 'description', width: 160, ellipsis: true },
      {
        title: t('common:operation'),
        key: 'operation',
        fixed: 'right',
        width: 170,
        render: (_, r) => (
          <Space size={0}>
            <RowButton onClick={() => actions.onEdit(r)}>{t('common:edit')}</RowButton>
            <StatusRowButton enabled={r.enabled === 1} name={r.name} onConfirm={() => actions.onToggle(r)} />
            <DeleteRowButton name={r.name} onConfirm={() => actions.onDelete(r)} />
          </Space>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language, actions]);
}
