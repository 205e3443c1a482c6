/** 'No available menu' (SPEC §2 nomenu; §4: an empty menu goes to the root's /nomenu). */
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import NoData from '../../components/NoData';

export default function NoMenu() {
  const { t } = useTranslation('layout');
  return (
    <Card variant="borderless" className="mp-page-card">
      <NoData description={t('page.nomenuHint')} />
    </Card>
  );
}
