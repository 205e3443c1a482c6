/** The finished uploads of the big-file page (docs/bigfile.md): name, size, type, SHA-256, time, download link. */
import { Button, Table, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatBytes, type BigFileRow } from '@mp/protocol';
import { bigFileDownloadUrl } from '../../api/bigfiles';

export default function FinishedList({ rows, loading, onRefresh }: { rows: BigFileRow[]; loading: boolean; onRefresh(): void }) {
  const { t } = useTranslation('bigfile');
  return (
    <Table<BigFileRow>
      data-testid="bigfile-list"
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: t('list.empty') }}
      title={() => (
        <Typography.Title level={5} style={{ margin: 0, display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          {t('list.title')}
          <Button size="small" icon={<ReloadOutlined />} onClick={onRefresh}>
            {t('list.refresh')}
          </Button>
        </Typography.Title>
      )}
      scroll={{ x: 900 }}
      columns={[
        { title: t('list.name'), dataIndex: 'name', ellipsis: true },
        { title: t('list.size'), dataIndex: 'size', width: 110, render: (v: number) => formatBytes(v) },
        { title: t('list.type'), dataIndex: 'type', width: 160, ellipsis: true },
        {
          title: t('list.sha256'),
          dataIndex: 'sha256',
          width: 220,
          render: (v: string) => (
            <Typography.Text code copyable={{ text: v }} ellipsis style={{ maxWidth: 180 }}>
              {v}
            </Typography.Text>
          ),
        },
        { title: t('list.finishedAt'), dataIndex: 'finishedAt', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
        {
          title: t('list.download'),
          key: 'download',
          width: 140,
          render: (_: unknown, r: BigFileRow) => (
            <a href={bigFileDownloadUrl(r.id)} download={r.name} aria-label={`${t('list.download')} ${r.name}`}>
              <DownloadOutlined /> {t('list.download')}
            </a>
          ),
        },
      ]}
    />
  );
}
