/** Preview of a notice as its readers will see it (title, times, safe body). */
import { Modal, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RichTextView } from '../../../components/RichText';
import { getNotice } from '../../../api/notices';
import { STATE_COLOR } from './columns';

export default function NoticePreviewModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation(['notice', 'common']);
  const q = useQuery({ queryKey: ['notice', id], queryFn: () => getNotice(id!), enabled: !!id });
  const n = q.data;
  return (
    <Modal open={!!id} onCancel={onClose} footer={null} width={760} title={t('previewTitle')} destroyOnHidden>
      {!n ? (
        <Spin />
      ) : (
        <article data-testid="notice-preview">
          <Typography.Title level={4} style={{ marginTop: 0 }}>
            {n.title}
          </Typography.Title>
          <Space size={8} wrap style={{ marginBottom: 12 }}>
            <Tag color={STATE_COLOR[n.state]}>{t(`state.${n.state}`)}</Tag>
            {n.pinned && <Tag color="volcano">{t('pinned')}</Tag>}
            {n.publishAt && <Typography.Text type="secondary">{t('my.publishedAt', { time: dayjs(n.publishAt).format('YYYY-MM-DD HH:mm') })}</Typography.Text>}
            {n.expireAt && <Typography.Text type="secondary">{t('my.expireAt', { time: dayjs(n.expireAt).format('YYYY-MM-DD HH:mm') })}</Typography.Text>}
          </Space>
          <RichTextView html={n.body} />
        </article>
      )}
    </Modal>
  );
}
