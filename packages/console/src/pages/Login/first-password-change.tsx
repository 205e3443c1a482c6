/**
 * The first-login password reset (SPEC §2 "A first-login password reset … (original, new, confirm
 * new)"; login configuration `forcePasswordChange`, docs/login.md): shown in the login card when the
 * sign-in answered `mustChangePassword`. The session can do nothing else until the change succeeds
 * (the server refuses); then the sign-in continues. 'Back to sign-in' ends the restricted session.
 */
import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logout } from '../../stores/session-actions';
import PasswordFields from '../ModifyPassword/password-fields';
import { changeOwnPassword, type PasswordChangeValues } from '../ModifyPassword/password-change';
import { useRelocalisedErrors } from '../ModifyPassword/use-relocalised-errors';

export interface FirstPasswordChangeProps {
  username: string;
  /** Called after the password changed; the page continues the sign-in. */
  onChanged: () => Promise<void> | void;
  onCancel: () => void;
}

export default function FirstPasswordChange({ username, onChanged, onCancel }: FirstPasswordChangeProps) {
  const { t } = useTranslation('login');
  const [form] = Form.useForm<PasswordChangeValues>();
  useRelocalisedErrors(form);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (v: PasswordChangeValues): Promise<void> => {
    setBusy(true);
    setError(null);
    const r = await changeOwnPassword(v);
    if (r.ok) {
      await onChanged();
      setBusy(false);
      return;
    }
    setBusy(false);
    if ('field' in r) form.setFields([{ name: r.field, errors: [t(r.messageKey)] }]);
    else setError(r.messageKey ? t(r.messageKey) : (r.message ?? ''));
  };

  const cancel = async (): Promise<void> => {
    await logout().catch(() => undefined);
    onCancel();
  };

  return (
    <div className="mp-first-password" data-testid="first-password-change">
      <Alert type="warning" showIcon title={t('changePassword.firstNotice')} style={{ marginBottom: 16 }} />
      <p style={{ margin: '0 0 12px', fontWeight: 500 }} data-testid="first-password-account">
        {t('reset.account', { name: username })}
      </p>
      {error && <Alert className="mp-login-error" type="error" showIcon title={error} role="alert" />}
      <Form<PasswordChangeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => {
          void submit(v);
        }}
      >
        <PasswordFields autoFocus large />
        <Button type="primary" htmlType="submit" block loading={busy} className="mp-login-submit" data-testid="first-password-submit">
          {t('changePassword.submit')}
        </Button>
        <Button
          type="link"
          block
          onClick={() => {
            void cancel();
          }}
          style={{ marginTop: 8 }}
          data-testid="first-password-cancel"
        >
          {t('changePassword.backToLogin')}
        </Button>
      </Form>
    </div>
  );
}
