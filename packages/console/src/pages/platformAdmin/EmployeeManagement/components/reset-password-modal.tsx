/**
 * Reset a user's password (SPEC §2 user grids; §5 Password strength and Reset form: new password and
 * confirmation required, equal after trimming, matching the password rule). Sent encrypted.
 */
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserRow } from '@mp/protocol';
import { resetUserPassword } from '../../../../api/user';
import { requiredRule, sameAsRule, type Translate } from '../../../../components/FormModal/rules';
import { passwordStrengthRule, usePasswordRule } from './password-rule';

interface Values {
  password: string;
  confirmPassword: string;
}

/** `reset`: the call that sets the password (the tenant area passes its own; default the platform's). */
export default function ResetPasswordModal({
  row,
  onClose,
  reset = resetUserPassword,
}: {
  row: UserRow | undefined;
  onClose: () => void;
  reset?: (id: string, password: string) => Promise<void>;
}) {
  const { t } = useTranslation(['user', 'common', 'errors']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const rule = usePasswordRule();

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await reset(row!.id, v.password);
      void message.success(t('resetPasswordDone'));
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!row}
      title={t('resetPasswordTitle', { name: row?.username ?? '' })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common:ok')}
      cancelText={t('common:cancel')}
      confirmLoading={busy}
      destroyOnHidden
      width={480}
    >
      <Form form={form} name="reset-user-password" layout="vertical" preserve={false} style={{ marginTop: 16 }}>
        <Form.Item
          name="password"
          label={t('field.newPassword')}
          rules={[requiredRule(tr, t('field.newPassword')), passwordStrengthRule(rule, t('errors:password.strength_failed'))]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={[requiredRule(tr, t('field.confirmPassword')), sameAsRule('password', t('passwordMismatch'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
