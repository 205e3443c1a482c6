/**
 * Reset password (/resetpw; SPEC §2 Reset-password page, §4 Reset page, §5 Reset form). Query `p` (user
 * name) and `resetpsw` (reset flag). The link is checked; an unusable link shows the expired message
 * but the form stays. New password and confirmation are required and equal after trimming; with a
 * password rule in the login configuration the new password must match it or nothing is sent.
 */
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkPasswordStrength } from '@mp/protocol';
import { checkResetLink, resetPassword } from '../../api/auth';
import { encryptPassword } from '../../api/client';
import { useConfigStore } from '../../stores/config';
import { sameAsRule } from '../../components/FormModal/rules';

interface Values { pwd: string; ensurepwd: string }

export default function ResetPassword() {
  const { t } = useTranslation('login');
  const [params] = useSearchParams();
  const username = params.get('p') ?? '';
  const pwdflag = params.get('resetpsw') ?? '';
  const rule = useConfigStore((s) => s.login.passwordReg);
  const [form] = Form.useForm<Values>();
  const [linkOk, setLinkOk] = useState<boolean | null>(username && pwdflag ? null : false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!username || !pwdflag) return;
    let live = true;
    void checkResetLink(username, pwdflag).then((ok) => { if (live) setLinkOk(ok); });
    return () => { live = false; };
  }, [username, pwdflag]);

  const submit = async (v: Values): Promise<void> => {
    if (rule && checkPasswordStrength(v.pwd, rule) === 0) {
      form.setFields([{ name: 'pwd', errors: [t('reset.strengthFailed')] }]);
      return;
    }
    setBusy(true);
    try {
      await resetPassword(username, encryptPassword(v.pwd), pwdflag);
      setDone(true);
    } catch (e) {
      console.warn('[resetpw] reset failed', e);
    } finally {
      setBusy(false);
    }
  };

  const required = (key: string) => ({ required: true, whitespace: true, message: t('reset.required', { field: t(key) }) });
  if (done) {
    return (
      <Card className="mp-reset-card" variant="borderless">
        <Result status="success" title={t('reset.success')} extra={<Link to="/login"><Button type="primary">{t('reset.backToLogin')}</Button></Link>} />
      </Card>
    );
  }
  return (
    <Card className="mp-reset-card" variant="borderless" title={t('reset.title')}>
      {linkOk === false && <Alert type="warning" showIcon title={t('reset.expired')} style={{ marginBottom: 24 }} />}
      {username && <p className="mp-reset-account">{t('reset.account', { name: username })}</p>}
      <Form<Values> form={form} labelWrap labelCol={{ span: 6 }} wrapperCol={{ span: 18 }} style={{ width: 400, maxWidth: '100%' }} onFinish={(v) => { void submit(v); }}>
        <Form.Item name="pwd" label={t('reset.newPassword')} rules={[required('reset.newPassword')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="ensurepwd"
          label={t('reset.confirmPassword')}
          dependencies={['pwd']}
          rules={[
            required('reset.confirmPassword'),
            sameAsRule('pwd', t('reset.mismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6, span: 18 }}>
          <Button type="primary" htmlType="submit" loading={busy} block>{t('reset.submit')}</Button>
        </Form.Item>
      </Form>
      <div className="mp-reset-back"><Link to="/login">{t('reset.backToLogin')}</Link></div>
    </Card>
  );
}
