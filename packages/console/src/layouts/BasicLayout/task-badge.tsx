/**
 * The header's pending task badge (issue 16 "Workflow: approvals"; SPEC §1 my task, §7 pending task count
 * silent on error, §9 to-do polling every 20,000 ms in the built console only): the number of requests waiting
 * for the user's decision; a click opens "my task" in the user area, or the application's requests for an
 * application administrator without the user area.
 */
import { Badge, Button, Tooltip } from 'antd';
import { AuditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTaskCount } from '../../components/WfRequests/task-count';
import { useSessionStore } from '../../stores/session';

export default function TaskBadge() {
  const { t } = useTranslation('workflow');
  const navigate = useNavigate();
  const target = useSessionStore((s) => {
    const types = s.token ? (s.userInfo?.userTypes ?? []) : [];
    return types.includes('7') ? '/userAdmin/wftask' : types.includes('5') ? '/app/workflow' : null;
  });
  const q = useTaskCount(!!target);
  if (!target) return null;
  const count = q.data ?? 0;
  return (
    <Tooltip title={t('badge')}>
      <Button
        type="text"
        aria-label={`${t('badge')}: ${count}`}
        data-testid="task-badge"
        onClick={() => navigate(target)}
        icon={
          <Badge count={count} size="small" overflowCount={99} data-testid="task-badge-count">
            <AuditOutlined style={{ fontSize: 18 }} />
          </Badge>
        }
      />
    </Tooltip>
  );
}
