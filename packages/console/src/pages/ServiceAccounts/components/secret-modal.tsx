/**
 * A service account's secret, shown the one time the server answers it (after add and rotate;
 * docs/service-accounts.md): the key id and the secret on the shared SecretOnceModal.
 */
import { useTranslation } from 'react-i18next';
import SecretOnceModal from '../../../components/SecretOnceModal';

export interface SecretValue {
  name: string;
  keyId: string;
  secret: string;
}

export default function ServiceAccountSecretModal({ value, onClose }: { value: SecretValue | null; onClose: () => void }) {
  const { t } = useTranslation('serviceaccount');
  return (
    <SecretOnceModal
      value={value && { id: value.keyId, secret: value.secret }}
      texts={{
        title: value ? `${t('secret.title')} — ${value.name}` : t('secret.title'),
        warning: t('secret.warning'),
        idLabel: t('secret.keyId'),
        secretLabel: t('secret.secret'),
        copy: t('secret.copy'),
        copied: t('secret.copied'),
        done: t('secret.done'),
      }}
      width={700}
      testIds={{ id: 'sa-key-id', secret: 'sa-secret', copy: 'sa-copy', done: 'secret-done' }}
      onClose={onClose}
    />
  );
}
