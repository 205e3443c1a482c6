/**
 * Columns of the notice grid (docs/notices.md): title (pinned tag), state (draft / scheduled / published /
 * expired / withdrawn), publish time, expiry, author, read count, update time, and the row operations the
 * state allows — edit (draft, withdrawn), preview, publish (draft, withdrawn), withdraw (published), receipts
 * (once published), delete (not published) — each move behind a confirmation naming the notice.
 */
import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { NoticeRow, NoticeState } from '@mp/protocol';
import { DeleteRowButton, RowButton } from '../../../components/DataGrid';

export interface NoticeRowActions {
  onEdit: (row: NoticeRow) => void;
  onPreview: (row: NoticeRow) => void;
  onReceipts: (row: NoticeRow) => void;
  onStatus: (row: NoticeRow, status: 1 | 2) => Promise<unknown>;
  onDelete: (row: NoticeRow) => Promise<unknown>;
}

export const NOTICE_TABLE_WIDTH = 1280;
export const STATE_COLOR: Record<NoticeState, string> = { draft: 'default', scheduled: 'gold', published: 'green', expired: 'default', withdrawn: 'red' };
const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

export function useNoticeColumns(a: NoticeRowActions): TableColumnsType<NoticeRow> {
  const { t } = useTranslation(['notice', 'common']);
  return useMemo<TableColumnsType<NoticeRow>>(
    () => [
      {
        title: t('titleLabel'),
        key: 'title',
        dataIndex: 'title',
        sorter: true,
        width: 260,
        render: (v: string, r) => (
          <Space size={4}>
            {r.pinned && (
              <Tag color="volcano" style={{ marginInlineEnd: 0 }}>
                {t('pinned')}
              </Tag>
            )}
            <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: r.pinned ? 190 : 240 }}>
              {v}
            </Typography.Text>
          </Space>
        ),
      },
      {
        title: t('status'),
        key: 'status',
        sorter: true,
        width: 100,
        render: (_, r) => (
          <Tag color={STATE_COLOR[r.state]} data-testid="notice-state">
            {t(`state.${r.state}`)}
          </Tag>
        ),
      },
      { title: t('publishAt'), key: 'publishAt', sorter: true, width: 150, render: (_, r) => time(r.publishAt) },
      { title: t('expireAt'), key: 'expireAt', width: 150, render: (_, r) => time(r.expireAt) },
      { title: t('author'), key: 'authorName', dataIndex: 'authorName', width: 120, ellipsis: true },
      { title: t('readCount'), key: 'readCount', dataIndex: 'readCount', width: 80, align: 'right' },
      { title: t('updatedAt'), key: 'updatedAt', sorter: true, width: 150, render: (_, r) => time(r.updatedAt) },
      {
        title: t('actions'),
        key: 'actions',
        fixed: 'right',
        width: 280,
        render: (_, r) => (
          <Space size={0} wrap>
            {r.status !== 1 && <RowButton onClick={() => a.onEdit(r)}>{t('edit')}</RowButton>}
            <RowButton onClick={() => a.onPreview(r)}>{t('preview')}</RowButton>
            {r.status !== 1 && (
              <Popconfirm
                title={t('common:confirmTitle')}
                description={t('publishConfirm', { title: r.title })}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                onConfirm={() => a.onStatus(r, 1)}
              >
                <Button type="link" size="small" style={{ paddingInline: 4 }}>
                  {t('publish')}
                </Button>
              </Popconfirm>
            )}
            {r.status === 1 && (
              <Popconfirm
                title={t('common:confirmTitle')}
                description={t('withdrawConfirm', { title: r.title })}
                okText={t('common:ok')}
                cancelText={t('common:cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => a.onStatus(r, 2)}
              >
                <Button type="link" size="small" danger style={{ paddingInline: 4 }}>
                  {t('withdraw')}
                </Button>
              </Popconfirm>
            )}
            {r.publishedAt && <RowButton onClick={() => a.onReceipts(r)}>{t('receipts')}</RowButton>}
            {r.status !== 1 && <DeleteRowButton name={r.title} onConfirm={() => a.onDelete(r)} />}
          </Space>
        ),
      },
    ],
    [t, a],
  );
}
