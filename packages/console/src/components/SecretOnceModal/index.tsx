/**
 * A credential's secret, shown the one time the server answers it (an OpenID client's secret after add or
 * reset, docs/clients.md; a service account's after add or rotate, docs/service-accounts.md): the public id
 * (copyable), the secret with a focused copy button, and a warning that it is not shown again. It closes only
 * through its button, so a stray click or Escape does not lose the secret.
 */
import { Alert, App, Button, Descriptions, Modal, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy-text';
import './secret-once-modal.css';

export interface SecretOnceTexts {
  title: string;
  warning: string;
  idLabel: string;
  secretLabel: string;
  copy: string;
  copied: string;
  done: string;
}

export interface SecretOnceModalProps {
  /** The id and the secret, or null when closed. */
  value: { id: string; secret: string } | null;
  /** The texts, in the caller's namespace. */
  texts: SecretOnceTexts;
  /** Modal width in px (SPEC §9 modal widths). */
  width?: number;
  /** `data-testid`s of the id, the secret, the copy button and the done button. */
  testIds?: { id?: string; secret?: string; copy?: string; done?: string };
  onClose: () => void;
}

export default function SecretOnceModal({ value, texts, width = 680, testIds = {}, onClose }: SecretOnceModalProps) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  return (
    <Modal
      open={Boolean(value)}
      title={texts.title}
      width={width}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid={testIds.done}>
          {texts.done}
        </Button>
      }
    >
      {value && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Alert type="warning" showIcon title={texts.warning} />
          <Descriptions column={1} bordered size="middle" styles={{ label: { width: 150 } }}>
            <Descriptions.Item label={texts.idLabel}>
              <Typography.Text code copyable={{ text: value.id, tooltips: [t('copy'), t('copied')] }} data-testid={testIds.id}>
                {value.id}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={texts.secretLabel}>
              <Space direction="vertical" size={8} style={{ width: '100%' }}>
                <code className="mp-secret-once" data-testid={testIds.secret}>
                  {value.secret}
                </code>
                <Button
                  icon={<CopyOutlined />}
                  autoFocus
                  onClick={() => void copyText(value.secret).then(() => message.success(texts.copied))}
                  data-testid={testIds.copy}
                >
                  {texts.copy}
                </Button>
              </Space>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Modal>
  );
}
