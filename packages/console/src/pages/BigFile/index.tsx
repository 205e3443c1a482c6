/** Large file upload (SPEC §2 bigfile, a demo screen filled by a later issue): title and empty state. */
import { Card } from 'antd';
import NoData from '../../components/NoData';
import { useTranslation } from 'react-i18next';

export default function BigFile() {
  const { t } = useTranslation('layout');
  return (
    <Card title={t('route.bigfile')} variant="borderless" className="mp-page-card">
      <NoData />
    </Card>
  );
}
