/** An address that matches no route: a 404 result with a way home. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFound() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('page.notFoundTitle')}
      subTitle={t('page.notFoundHint')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('page.backHome')}
        </Button>
      }
    />
  );
}
