/**
 * The user agreement and privacy policy (SPEC §2: static text, four sections — terms, information
 * collected, protection and disclosure, cookies). Texts live in the `login` namespace.
 */
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const SECTIONS = ['terms', 'collected', 'protection', 'cookies'] as const;

export default function PrivacyPolicy() {
  const { t } = useTranslation('login');
  return (
    <Typography className="mp-privacy">
      <Typography.Paragraph>{t('privacy.intro')}</Typography.Paragraph>
      {SECTIONS.map((s) => (
        <section key={s}>
          <Typography.Title level={5}>{t(`privacy.${s}Title`)}</Typography.Title>
          <Typography.Paragraph>{t(`privacy.${s}`)}</Typography.Paragraph>
        </section>
      ))}
    </Typography>
  );
}
