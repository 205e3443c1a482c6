/**
 * Shows a service account's secret the one time the server answers it (after add and rotate;
 * docs/service-accounts.md): the key id and the secret with a copy button, and a clear warning that it is
 * not shown again. It closes only through its button, so a stray click or Escape does not lose it.
 */
import { Alert, App, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../components/copy-text';

export interface SecretValue {
  name: string;
  keyId: string;
  secret: string;
}

export default function ServiceAccountSecretModal({ value, onClose }: { value: SecretValue | null; onClose: () => void }) {
  const { t } = useTranslation(['serviceaccount', 'common']);
  const { message } = App.useApp();
  return (
    <Modal
      open={Boolean(value)}
      title={value ? `${t('secret.title')} — ${value.name}` : t('secret.title')}
      width={700}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('secret.done')}
        </Button>
      }
    >
      {value && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('secret.warning')} />
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 120 } }}>
            <Descriptions.Item label={t('secret.keyId')}>
              <Typography.Text code copyable={{ text: value.keyId, tooltips: [t('common:copy'), t('common:copied')] }} data-testid="sa-key-id">
                {value.keyId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secret.secret')}>
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <code style={{ wordBreak: 'break-all', fontSize: 13 }} data-testid="sa-secret">
                  {value.secret}
                </code>
                <Button
                  icon={<CopyOutlined />}
                  autoFocus
                  onClick={() => void copyText(value.secret).then(() => message.success(t('secret.copied')))}
                  data-testid="sa-copy"
                >
                  {t('secret.copy')}
                </Button>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Modal>
  );
}
