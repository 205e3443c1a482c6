/**
 * 'modify password' (SPEC §2 modify-password screen: original, new, confirm new; §5 Password strength
 * after login: the rule is the first row of code table type 1 — validStatus 0 'password strength
 * validation failed', 1 ok, 2 fetch failure with the server's message or a default). Passwords are
 * sent encrypted (PROTOCOL.md "Encrypted values").
 */
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkPasswordStrength, DEFAULT_PASSWORD_RULE } from '@mp/protocol';
import { modifyPassword, queryCodeTable } from '../../api/auth';
import { ApiError, encryptPassword } from '../../api/client';
import { sameAsRule } from '../../components/FormModal/rules';

interface Values { oldPassword: string; newPassword: string; confirmPassword: string }

/** The password rule after login: code table type 1, first row's codeVal (SPEC §5). Throws on fetch failure. */
async function fetchPasswordRule(): Promise<string> {
  const rows = await queryCodeTable([1], { noToast: true });
  return rows[0]?.codeVal || DEFAULT_PASSWORD_RULE;
}

export default function ModifyPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async (): Promise<void> => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      let status: 0 | 1 | 2;
      let failText = t('password.ruleFetchFailed');
      try {
        status = checkPasswordStrength(v.newPassword, await fetchPasswordRule());
      } catch (e) {
        status = 2;
        if (e instanceof ApiError && e.status === 200 && e.message) failText = e.message;
      }
      if (status === 0) {
        form.setFields([{ name: 'newPassword', errors: [t('password.strengthFailed')] }]);
        return;
      }
      if (status === 2) {
        void message.error(failText);
        return;
      }
      await modifyPassword({
        oldPassword: encryptPassword(v.oldPassword),
        newPassword: encryptPassword(v.newPassword),
        confirmPassword: encryptPassword(v.confirmPassword),
      });
      void message.success(t('password.success'));
      form.resetFields();
      onClose();
    } catch (e) {
      console.warn('[password] modify failed', e);
    } finally {
      setBusy(false);
    }
  };

  const required = (field: string) => ({ required: true, whitespace: true, message: t('password.required', { field: t(field) }) });
  return (
    <Modal
      open={open}
      title={t('password.title')}
      onCancel={() => { form.resetFields(); onClose(); }}
      onOk={() => { void submit(); }}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
    >
      <Form form={form} layout="vertical" requiredMark preserve={false} style={{ marginTop: 16 }}>
        <Form.Item name="oldPassword" label={t('password.original')} rules={[required('password.original')]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.newPassword')} rules={[required('password.newPassword')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('password.confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            required('password.confirmPassword'),
            sameAsRule('newPassword', t('password.mismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
