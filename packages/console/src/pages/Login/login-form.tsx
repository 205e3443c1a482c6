/**
 * The sign-in form (SPEC §1 Login, §5 Login): user name (or mobile or e-mail), password, the login check
 * of verifyCodeType — image digits '1' (click to change) or the slider '2' — renewed after each failed
 * attempt and solving its proof of work in the background (pow.ts), remember password (the user name
 * here; the password to the browser's password manager, remember.ts), the agreement checkbox with its
 * policy link, and the error of the last attempt.
 */
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeType, type CaptchaRow, type PowAnswer, type SliderAnswer } from '@mp/protocol';
import { fetchCaptcha } from '../../api/auth';
import { useConfigStore } from '../../stores/config';
import { readRemembered } from './remember';
import SliderCaptcha from './slider-captcha';
import { solvePow } from './pow';
import { useRelocalisedErrors } from '../ModifyPassword/use-relocalised-errors';

export interface LoginValues {
  username: string;
  password: string;
  verifyCode?: string;
  slider?: SliderAnswer | null;
  remember: boolean;
  agreement: boolean;
  /** The captcha's solved proof of work (set on submit, not a field; pow.ts). */
  pow?: PowAnswer;
}

export interface LoginFormProps {
  busy: boolean;
  error: string | null;
  /** Bumped by the page after a failed attempt: a new captcha is fetched. */
  captchaNonce: number;
  onSubmit: (values: LoginValues, captchaId: string) => void;
  onShowPolicy: () => void;
}

export default function LoginForm(p: LoginFormProps) {
  const { t } = useTranslation('login');
  const verifyCodeType = useConfigStore((s) => s.login.verifyCodeType);
  const withImage = verifyCodeType === VerifyCodeType.IMAGE;
  const withSlider = verifyCodeType === VerifyCodeType.SLIDER;
  const [form] = Form.useForm<LoginValues>();
  useRelocalisedErrors(form);
  const [captcha, setCaptcha] = useState<CaptchaRow | null>(null);
  /** The proof of work of the captcha shown, solving in the background since the captcha came. */
  const work = useRef<{ abort: AbortController; solved: Promise<PowAnswer | undefined> } | null>(null);
  const [solving, setSolving] = useState(false);

  const renewCaptcha = useCallback(async () => {
    if (!withImage && !withSlider) return;
    form.setFieldsValue({ verifyCode: '', slider: null });
    work.current?.abort.abort();
    work.current = null;
    try {
      const row = await fetchCaptcha();
      if (row.pow) {
        const abort = new AbortController();
        work.current = { abort, solved: solvePow(row.pow, abort.signal) };
      }
      setCaptcha(row);
    } catch (e) { console.warn('[login] captcha failed', e); setCaptcha(null); }
  }, [withImage, withSlider, form]);

  useEffect(() => { void renewCaptcha(); }, [renewCaptcha, p.captchaNonce]);
  useEffect(() => () => work.current?.abort.abort(), []);

  /** Submits with the proof of work, waiting for it when the search is not done yet. */
  const finish = async (v: LoginValues): Promise<void> => {
    const captchaId = captcha?.captchaId ?? '';
    const pending = work.current;
    if (!pending) { p.onSubmit(v, captchaId); return; }
    setSolving(true);
    const pow = await pending.solved;
    setSolving(false);
    if (work.current === pending) p.onSubmit({ ...v, pow }, captchaId);
  };

  const remembered = readRemembered();
  return (
    <Form<LoginValues>
      form={form}
      size="large"
      className="mp-login-form"
      initialValues={{ username: remembered?.username ?? '', password: '', remember: Boolean(remembered), agreement: false, slider: null }}
      onFinish={(v) => { void finish(v); }}
      requiredMark={false}
    >
      {p.error && <Alert className="mp-login-error" type="error" showIcon title={p.error} role="alert" />}
      <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('username')} aria-label={t('username')} autoComplete="username" maxLength={100} />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('password')} aria-label={t('password')} autoComplete="current-password" maxLength={64} />
      </Form.Item>
      {withImage && (
        <Form.Item>
          <div className="mp-captcha-row">
            <Form.Item name="verifyCode" noStyle rules={[{ required: true, whitespace: true, message: t('verifyCodeRequired') }]}>
              <Input prefix={<SafetyOutlined />} placeholder={t('verifyCode')} aria-label={t('verifyCode')} autoComplete="off" maxLength={8} />
            </Form.Item>
            <button type="button" className="mp-captcha" onClick={() => { void renewCaptcha(); }} title={t('captchaChange')} aria-label={t('captchaAlt')} data-testid="captcha">
              {captcha ? <img src={captcha.image} alt={t('captchaAlt')} /> : <span>…</span>}
            </button>
          </div>
        </Form.Item>
      )}
      {withSlider && (
        <Form.Item name="slider" rules={[{ validator: (_, v: SliderAnswer | null) => (v ? Promise.resolve() : Promise.reject(new Error(t('slider.required')))) }]}>
          <SliderCaptcha puzzle={captcha} onRefresh={() => { void renewCaptcha(); }} />
        </Form.Item>
      )}
      <div className="mp-login-options">
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox data-testid="login-remember">{t('remember')}</Checkbox>
        </Form.Item>
      </div>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[{ validator: (_, v: boolean) => (v ? Promise.resolve() : Promise.reject(new Error(t('agreeRequired')))) }]}
        className="mp-login-agreement"
      >
        <Checkbox>
          {t('agreePrefix')}
          <a onClick={(e) => { e.preventDefault(); p.onShowPolicy(); }} href="#privacy">{t('privacyLink')}</a>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={p.busy || solving} className="mp-login-submit" data-testid="login-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
