/**
 * The personal home's pending tasks (SPEC §2 User area bbcapp; docs/users.md "bbcapp"; docs/workflow.md
 * "Screens"): the newest requests waiting for the user's decision, each opening My task, with the count.
 * Shown only when something waits — no empty panel.
 */
import { Card, List, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listWfRequests } from '../../api/workflow';

/** Where "my task" lives. */
export const MY_TASK_PATH = '/userAdmin/wftask';

export default function PendingTasksCard() {
  const { t } = useTranslation('workflow');
  const q = useQuery({
    queryKey: ['wf-requests', 'task', 'home'],
    queryFn: () => listWfRequests('task', { page: 1, pageSize: 5 }, { silent: true, noLoading: true }),
    retry: false,
  });
  const rows = q.data?.rows ?? [];
  if (!rows.length) return null;
  return (
    <Card
      variant="borderless"
      className="mp-page-card"
      data-testid="wf-home-tasks"
      title={`${t('title.task')} (${q.data?.records ?? rows.length})`}
      extra={<Link to={MY_TASK_PATH}>{t('viewAll')}</Link>}
    >
      <List
        size="small"
        dataSource={rows}
        renderItem={(r) => (
          <List.Item key={r.id}>
            <Link to={MY_TASK_PATH}>
              {r.requesterName} · {t(`kind.${r.kind}`)} · {r.targetName}
            </Link>
            <Typography.Text type="secondary">{dayjs(r.createdAt).format('YYYY-MM-DD HH:mm')}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
