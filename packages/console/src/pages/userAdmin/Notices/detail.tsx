/**
 * One of the user's notices (docs/notices.md): title, application, times, author and the safe body (images
 * with the viewer's code). Opening it records the read (server), then the bell and the list are refreshed.
 */
import { useEffect } from 'react';
import { Button, Card, Result, Space, Spin, Tag, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getMyNotice } from '../../../api/notices';
import { RichTextView } from '../../../components/RichText';
import { NOTICE_UNREAD_KEY } from '../../../layouts/BasicLayout/notice-bell';

export default function MyNoticeDetail() {
  const { t } = useTranslation('notice');
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: ['my-notice', id], queryFn: () => getMyNotice(id, { noToast: true }), retry: false });
  useEffect(() => {
    if (q.data) {
      void queryClient.invalidateQueries({ queryKey: NOTICE_UNREAD_KEY });
      void queryClient.invalidateQueries({ queryKey: ['my-notices'] });
    }
  }, [q.data, queryClient]);
  const back = (
    <Link to="/userAdmin/notice">
      <Button icon={<ArrowLeftOutlined />}>{t('my.back')}</Button>
    </Link>
  );
  if (q.isError)
    return (
      <Card variant="borderless" className="mp-page-card">
        <Result status="404" title={t('errors:notice.not_found')} extra={back} />
      </Card>
    );
  const n = q.data;
  return (
    <Card variant="borderless" className="mp-page-card" extra={back}>
      {!n ? (
        <Spin />
      ) : (
        <article data-testid="my-notice-detail" style={{ maxWidth: 900, margin: '0 auto' }}>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {n.title}
          </Typography.Title>
          <Space size={8} wrap style={{ marginBottom: 16 }}>
            {n.pinned && <Tag color="volcano">{t('pinned')}</Tag>}
            <Typography.Text type="secondary">{t('my.from', { app: n.productName })}</Typography.Text>
            <Typography.Text type="secondary">{t('my.publishedAt', { time: dayjs(n.publishAt).format('YYYY-MM-DD HH:mm') })}</Typography.Text>
            {n.expireAt && <Typography.Text type="secondary">{t('my.expireAt', { time: dayjs(n.expireAt).format('YYYY-MM-DD HH:mm') })}</Typography.Text>}
            <Typography.Text type="secondary">{t('my.author', { name: n.authorName })}</Typography.Text>
          </Space>
          <RichTextView html={n.body} />
        </article>
      )}
    </Card>
  );
}
