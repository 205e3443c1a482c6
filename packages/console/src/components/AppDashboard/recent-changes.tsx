/**
 * The latest changes about applications (audit entries of the application's design, clients and product):
 * what changed (localised subject and verb from the action `subject.verb…`, raw parts when unknown), when,
 * by whom, and — on the workbench — of which application; a client's change names the client id (readable, unlike item ids).
 */
import { List, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { AppChange } from '../../api/app-dashboard';

/** See the module docs. `showApp`: name the application of each change (workbench). */
export default function RecentChanges({ changes, showApp }: { changes: AppChange[]; showApp: boolean }) {
  const { t } = useTranslation('appdashboard');
  // `approle.member.add` → subject 'approle', verb 'member' + 'add'; unknown parts show as they are
  const subjectOf = (action: string) => {
    const k = action.split('.')[0] ?? action;
    return t(`entity.${k}`, { defaultValue: k });
  };
  const verbOf = (action: string) =>
    action
      .split('.')
      .slice(1)
      .map((v) => t(`verb.${v}`, { defaultValue: v }))
      .join(' · ');
  return (
    <List
      size="small"
      dataSource={changes}
      rowKey="id"
      renderItem={(c) => (
        <List.Item data-testid="recent-change">
          <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, width: '100%' }}>
            <Tag color="blue" style={{ marginInlineEnd: 0 }}>
              {subjectOf(c.action)}
            </Tag>
            <Typography.Text>{verbOf(c.action)}</Typography.Text>
            {c.entity === 'client' && <Typography.Text code>{c.entityId}</Typography.Text>}
            {showApp && <Typography.Text strong>{c.productName}</Typography.Text>}
            <Typography.Text type="secondary" style={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}>
              {c.username ? `${t('by', { user: c.username })} · ` : ''}
              {dayjs(c.at).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </div>
        </List.Item>
      )}
    />
  );
}
