/**
 * Shows a client's secret the one time the server answers it (after add and after reset secret;
 * docs/clients.md): the client ID and the secret with copy buttons, and a clear warning that it will
 * not be shown again. It closes only through its button, so it is not dismissed by a stray click.
 */
import { Alert, App, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../components/copy-text';

export interface SecretModalProps {
  /** The client and its secret, or null when closed. */
  value: { clientId: string; clientSecret: string } | null;
  onClose: () => void;
}

export default function SecretModal({ value, onClose }: SecretModalProps) {
  const { t } = useTranslation(['client', 'common']);
  const { message } = App.useApp();
  const copy = async (text: string) => {
    await copyText(text);
    void message.success(t('secret.copied'));
  };
  return (
    <Modal
      open={Boolean(value)}
      title={t('secret.title')}
      width={680}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('secret.done')}
        </Button>
      }
    >
      {value && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={t('secret.warning')} />
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={t('secret.clientId')}>
              <Typography.Text code copyable={{ text: value.clientId, tooltips: [t('common:copy'), t('common:copied')] }} data-testid="secret-client-id">
                {value.clientId}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secret.secret')}>
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <code className="mp-client-secret" data-testid="client-secret">
                  {value.clientSecret}
                </code>
                <Button icon={<CopyOutlined />} onClick={() => void copy(value.clientSecret)}>
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
