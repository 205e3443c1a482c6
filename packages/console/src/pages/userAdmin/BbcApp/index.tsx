/**
 * The personal home of a cloud deployment (`/userAdmin/bbcapp`; SPEC §2 User area, shown as the home
 * when the login configuration's bambooCloud flag is on; docs/users.md "bbcapp"): a greeting and the
 * user's applications, and the requests waiting for the user's approval when there are any (issue 16;
 * components/WfRequests/pending-card.tsx), and the latest notices reaching the user (latest-notices.tsx).
 */
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../../stores/session';
import MyAppTiles from '../MyApps/tiles';
import PendingTasksCard from '../../../components/WfRequests/pending-card';
import LatestNoticesCard from './latest-notices';

/** The greeting's key for the hour of the day (local time): before 12, before 18, else evening. */
export function greetingKey(hour: number): 'home.morning' | 'home.afternoon' | 'home.evening' {
  return hour < 12 ? 'home.morning' : hour < 18 ? 'home.afternoon' : 'home.evening';
}

export default function BbcApp() {
  const { t } = useTranslation('myapps');
  const info = useSessionStore((s) => s.userInfo);
  const name = info?.employeeName || info?.userName || '';
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card variant="borderless" className="mp-page-card">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t(greetingKey(new Date().getHours()), { name })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
      </Card>
      <PendingTasksCard />
      <LatestNoticesCard />
      <MyAppTiles />
    </div>
  );
}
