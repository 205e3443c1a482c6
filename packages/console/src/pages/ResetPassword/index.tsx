/**
 * Reset password (/resetpw; SPEC §2 Reset-password page, §4 Reset page, §5 Reset form, §9 "reset
 * countdown 10 s (off)"). Query `p` (user name) and `resetpsw` (reset flag). The link is checked with
 * `checkresetpwd`; an unusable link shows the expired message but the form stays (a failed check still
 * shows the form). New password and confirmation are required and equal after trimming; with a password
 * rule in the login configuration the new password must match it or nothing is sent. After success the
 * success message shows, with a 10-second countdown back to login when the `resetCountdown` flag is on.
 */
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { checkPasswordStrength, OTC_RULES } from '@mp/protocol';
import { checkResetLink, resetPassword } from '../../api/auth';
import { ApiError, encryptPassword } from '../../api/client';
import { useConfigStore } from '../../stores/config';
import { sameAsRule } from '../../components/FormModal/rules';

interface Values {
  pwd: string;
  ensurepwd: string;
}

/** Counts down from `from` seconds while `on`, then calls `done`; answers the seconds left. */
function useCountdown(on: boolean, from: number, done: () => void): number {
  const [left, setLeft] = useState(from);
  const finish = useRef(done);
  finish.current = done;
  useEffect(() => {
    if (!on) return;
    if (left <= 0) {
      finish.current();
      return;
    }
    const id = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(id);
  }, [on, left]);
  return left;
}

export default function ResetPassword() {
  const { t } = useTranslation(['login', 'otc']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const username = params.get('p') ?? '';
  const pwdflag = params.get('resetpsw') ?? '';
  const rule = useConfigStore((s) => s.login.passwordReg);
  const countdownOn = useConfigStore((s) => s.login.resetCountdown);
  const [form] = Form.useForm<Values>();
  const [linkOk, setLinkOk] = useState<boolean | null>(username && pwdflag ? null : false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const left = useCountdown(done && countdownOn, OTC_RULES.resetCountdownSeconds, () => navigate('/login', { replace: true }));

  useEffect(() => {
    if (!username || !pwdflag) return;
    let live = true;
    void checkResetLink(username, pwdflag).then((ok) => {
      if (live) setLinkOk(ok);
    });
    return () => {
      live = false;
    };
  }, [username, pwdflag]);

  const submit = async (v: Values): Promise<void> => {
    setFailure(null);
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
      setFailure(e instanceof ApiError && e.message ? e.message : t('reset.expired'));
    } finally {
      setBusy(false);
    }
  };

  const required = (key: string) => ({ required: true, whitespace: true, message: t('reset.required', { field: t(key) }) });
  if (done) {
    return (
      <Card className="mp-reset-card" variant="borderless">
        <Result
          status="success"
          title={t('reset.success')}
          subTitle={countdownOn ? <span data-testid="reset-countdown">{t('otc:countdown', { seconds: left })}</span> : undefined}
          extra={
            <Link to="/login">
              <Button type="primary">{t('reset.backToLogin')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <Card className="mp-reset-card" variant="borderless" title={t('reset.title')}>
      {linkOk === false && (
        <Alert type="warning" showIcon title={t('reset.expired')} style={{ marginBottom: 24, width: 400, maxWidth: '100%' }} data-testid="reset-expired" />
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 24, width: 400, maxWidth: '100%' }} role="alert" />}
      {username && <p className="mp-reset-account">{t('reset.account', { name: username })}</p>}
      <Form<Values>
        form={form}
        labelWrap
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        style={{ width: 400, maxWidth: '100%' }}
        onFinish={(v) => {
          void submit(v);
        }}
      >
        <Form.Item name="pwd" label={t('reset.newPassword')} rules={[required('reset.newPassword')]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="ensurepwd"
          label={t('reset.confirmPassword')}
          dependencies={['pwd']}
          rules={[required('reset.confirmPassword'), sameAsRule('pwd', t('reset.mismatch'))]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 6, span: 18 }}>
          <Button type="primary" htmlType="submit" loading={busy} block>
            {t('reset.submit')}
          </Button>
        </Form.Item>
      </Form>
      <div className="mp-reset-back">
        <Link to="/login">{t('reset.backToLogin')}</Link>
      </div>
    </Card>
  );
}
