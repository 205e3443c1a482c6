/**
 * "Forgot password" (SPEC §1 Login "password retrieval (sends a reset mail)"): the dialog the login card's
 * link opens (sign-in-methods.tsx; this antd dialog loads on the first click, issue 17), asking for the
 * user name; `findpwd` mails the recovery link to the account's registered e-mail. The answer is the same
 * whether or not the account exists (docs/codes.md), so the dialog says "if".
 */
import { Alert, Button, Form, Input, Modal } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findPassword } from '../../api/otc';
import { ApiError } from '../../api/client';

export default function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('otc');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [form] = Form.useForm<{ username: string }>();

  const close = (): void => {
    onClose();
    setNotice(null);
    form.resetFields();
  };
  const submit = async ({ username }: { username: string }): Promise<void> => {
    setBusy(true);
    setNotice(null);
    try {
      await findPassword(username);
      setNotice({ kind: 'success', text: t('forgotSent') });
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgotTitle')}
      width={480}
      centered
      onCancel={close}
      destroyOnHidden
      footer={
        notice?.kind === 'success' ? (
          <Button type="primary" onClick={close}>
            {t('common:ok', { defaultValue: 'OK' })}
          </Button>
        ) : (
          [
            <Button key="c" onClick={close}>
              {t('common:cancel', { defaultValue: 'Cancel' })}
            </Button>,
            <Button key="s" type="primary" loading={busy} onClick={() => form.submit()} data-testid="forgot-submit">
              {t('forgotSubmit')}
            </Button>,
          ]
        )
      }
    >
      <p>{t('forgotIntro')}</p>
      {notice && <Alert type={notice.kind} showIcon title={notice.text} style={{ marginBottom: 16 }} role={notice.kind === 'error' ? 'alert' : 'status'} />}
      {notice?.kind !== 'success' && (
        <Form
          form={form}
          name="forgot-password"
          layout="vertical"
          requiredMark={false}
          onFinish={(v) => {
            void submit(v);
          }}
        >
          <Form.Item name="username" label={t('forgotUsername')} rules={[{ required: true, whitespace: true, message: t('forgotUsernameRequired') }]}>
            <Input prefix={<UserOutlined />} maxLength={100} autoComplete="username" autoFocus />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
