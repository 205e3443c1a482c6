/**
 * A client's secret, shown the one time the server answers it (after add and after reset secret;
 * docs/clients.md): the client ID and the secret on the shared SecretOnceModal.
 */
import { useTranslation } from 'react-i18next';
import SecretOnceModal from '../../../../components/SecretOnceModal';

export interface SecretModalProps {
  /** The client and its secret, or null when closed. */
  value: { clientId: string; clientSecret: string } | null;
  onClose: () => void;
}

export default function SecretModal({ value, onClose }: SecretModalProps) {
  const { t } = useTranslation('client');
  return (
    <SecretOnceModal
      value={value && { id: value.clientId, secret: value.clientSecret }}
      texts={{
        title: t('secret.title'),
        warning: t('secret.warning'),
        idLabel: t('secret.clientId'),
        secretLabel: t('secret.secret'),
        copy: t('secret.copy'),
        copied: t('secret.copied'),
        done: t('secret.done'),
      }}
      testIds={{ id: 'secret-client-id', secret: 'client-secret' }}
      onClose={onClose}
    />
  );
}
