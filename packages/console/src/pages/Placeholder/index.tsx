/**
 * The screen of a route a later issue fills (SPEC §2): the route's title and the 'no data' empty
 * state — nothing invented.
 */
import { Card } from 'antd';
import NoData from '../../components/NoData';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../hooks/use-route-meta';

export default function Placeholder() {
  const { t } = useTranslation('layout');
  const meta = useRouteMeta();
  return (
    <Card title={meta ? t(meta.titleKey) : undefined} variant="borderless" className="mp-page-card">
      <NoData />
    </Card>
  );
}
