/**
 * 'modify password' from the header's user menu (SPEC §2 modify-password screen: original, new,
 * confirm new): a dialog over the current screen; the server's refusal (wrong original password, same
 * password, rule) shows inside it, success as a toast.
 */
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import PasswordFields from './password-fields';
import { changeOwnPassword, type PasswordChangeValues } from './password-change';

export default function ModifyPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChangeValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = (): void => {
    form.resetFields();
    setError(null);
    onClose();
  };
  const submit = async (): Promise<void> => {
    const v = await form.validateFields();
    setBusy(true);
    setError(null);
    const r = await changeOwnPassword(v);
    setBusy(false);
    if (r.ok) {
      void message.success(t('changePassword.success'));
      close();
    } else if ('field' in r) {
      form.setFields([{ name: r.field, errors: [t(r.messageKey)] }]);
    } else {
      setError(r.messageKey ? t(r.messageKey) : (r.message ?? ''));
    }
  };

  return (
    <Modal
      open={open}
      title={t('changePassword.title')}
      onCancel={close}
      onOk={() => {
        void submit().catch(() => undefined);
      }}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
      okButtonProps={{ id: 'pw-submit' }}
    >
      {error && <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 12 }} />}
      <Form form={form} layout="vertical" requiredMark preserve={false} style={{ marginTop: 16 }}>
        <PasswordFields autoFocus />
      </Form>
    </Modal>
  );
}
