/**
 * The privacy-agreement dialog (SPEC §2 Login page: agree / refuse; 50% wide, content 400px high),
 * shown when sign-in answers 10001001920, and also opened read-only from the form's agreement link.
 */
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import PrivacyPolicy from './privacy-policy';

export interface AgreementModalProps {
  open: boolean;
  /** With a decision to make: agree / refuse buttons; else a single close button. */
  decide: boolean;
  onAgree: () => void;
  onRefuse: () => void;
}

export default function AgreementModal({ open, decide, onAgree, onRefuse }: AgreementModalProps) {
  const { t } = useTranslation('login');
  return (
    <Modal
      open={open}
      title={t('agreementTitle')}
      width="50%"
      centered
      maskClosable={!decide}
      closable={!decide}
      keyboard={!decide}
      onCancel={onRefuse}
      styles={{ body: { height: 400, overflowY: 'auto', paddingRight: 8 } }}
      footer={
        decide
          ? [
              <Button key="refuse" onClick={onRefuse} data-testid="agreement-refuse">
                {t('refuse')}
              </Button>,
              <Button key="agree" type="primary" onClick={onAgree} data-testid="agreement-agree">
                {t('agree')}
              </Button>,
            ]
          : [
              <Button key="close" type="primary" onClick={onRefuse}>
                {t('common:ok')}
              </Button>,
            ]
      }
    >
      <PrivacyPolicy />
    </Modal>
  );
}
