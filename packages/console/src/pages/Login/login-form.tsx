/**
 * The sign-in form (SPEC §1 Login, §5 Login): user name (or mobile or e-mail), password, the login check
 * of verifyCodeType — image digits '1' (click to change) or the slider '2' — renewed after each failed
 * attempt and solving its proof of work in the background (pow.ts), remember password (the user name
 * here; the password to the browser's password manager, remember.ts), the agreement checkbox with its
 * policy link, and the error of the last attempt. Built from light controls (light-controls.tsx), not
 * antd (issue 17): a field is checked when it changes and every field on submit, like antd's form did.
 */
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SafetyOutlined from '@ant-design/icons-svg/es/asn/SafetyOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VerifyCodeType, type CaptchaRow, type PowAnswer, type SliderAnswer } from '@mp/protocol';
import { fetchCaptcha } from '../../api/auth';
import { useConfigStore } from '../../stores/config';
import { CheckBox, ErrorAlert, Field, SubmitButton, TextInput } from './light-controls';
import { readRemembered } from './remember';
import SliderCaptcha from './slider-captcha';
import { solvePow } from './pow';

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

type Checked = 'username' | 'password' | 'verifyCode' | 'slider' | 'agreement';
/** The error text key (namespace login) of each checked field when its value is not acceptable. */
const RULES: Record<Checked, { key: string; ok: (v: LoginValues) => boolean }> = {
  username: { key: 'usernameRequired', ok: (v) => v.username.trim() !== '' },
  password: { key: 'passwordRequired', ok: (v) => v.password !== '' },
  verifyCode: { key: 'verifyCodeRequired', ok: (v) => (v.verifyCode ?? '').trim() !== '' },
  slider: { key: 'slider.required', ok: (v) => Boolean(v.slider) },
  agreement: { key: 'agreeRequired', ok: (v) => v.agreement },
};

export default function LoginForm(p: LoginFormProps) {
  const { t } = useTranslation('login');
  const verifyCodeType = useConfigStore((s) => s.login.verifyCodeType);
  const withImage = verifyCodeType === VerifyCodeType.IMAGE;
  const withSlider = verifyCodeType === VerifyCodeType.SLIDER;
  const [values, setValues] = useState<LoginValues>(() => {
    const remembered = readRemembered();
    return { username: remembered?.username ?? '', password: '', verifyCode: '', remember: Boolean(remembered), agreement: false, slider: null };
  });
  /** Error keys shown under the fields (texts looked up at render: a language switch re-translates them). */
  const [errors, setErrors] = useState<Partial<Record<Checked, string>>>({});
  const [captcha, setCaptcha] = useState<CaptchaRow | null>(null);
  /** The proof of work of the captcha shown, solving in the background since the captcha came. */
  const work = useRef<{ abort: AbortController; solved: Promise<PowAnswer | undefined> } | null>(null);
  const [solving, setSolving] = useState(false);

  const checked = useCallback((): Checked[] => {
    const fields: Checked[] = ['username', 'password'];
    if (withImage) fields.push('verifyCode');
    if (withSlider) fields.push('slider');
    fields.push('agreement');
    return fields;
  }, [withImage, withSlider]);

  /** Sets a field and checks it (when it is one with a rule on this form). */
  const set = <K extends keyof LoginValues>(name: K, value: LoginValues[K]): void => {
    const next = { ...values, [name]: value };
    setValues(next);
    if ((checked() as string[]).includes(name)) {
      const rule = RULES[name as Checked];
      setErrors((e) => ({ ...e, [name]: rule.ok(next) ? undefined : rule.key }));
    }
  };

  const renewCaptcha = useCallback(async () => {
    if (!withImage && !withSlider) return;
    setValues((old) => ({ ...old, verifyCode: '', slider: null }));
    work.current?.abort.abort();
    work.current = null;
    try {
      const row = await fetchCaptcha();
      if (row.pow) {
        const abort = new AbortController();
        work.current = { abort, solved: solvePow(row.pow, abort.signal) };
      }
      setCaptcha(row);
    } catch (e) {
      console.warn('[login] captcha failed', e);
      setCaptcha(null);
    }
  }, [withImage, withSlider]);

  useEffect(() => {
    void renewCaptcha();
  }, [renewCaptcha, p.captchaNonce]);
  useEffect(() => () => work.current?.abort.abort(), []);

  /** Submits with the proof of work, waiting for it when the search is not done yet. */
  const finish = async (v: LoginValues): Promise<void> => {
    const captchaId = captcha?.captchaId ?? '';
    const pending = work.current;
    if (!pending) {
      p.onSubmit(v, captchaId);
      return;
    }
    setSolving(true);
    const pow = await pending.solved;
    setSolving(false);
    if (work.current === pending) p.onSubmit({ ...v, pow }, captchaId);
  };

  const onSubmit = (e: FormEvent): void => {
    e.preventDefault();
    if (p.busy || solving) return;
    const found: Partial<Record<Checked, string>> = {};
    for (const name of checked()) if (!RULES[name].ok(values)) found[name] = RULES[name].key;
    setErrors(found);
    if (Object.keys(found).length === 0) void finish(values);
  };

  const error = (name: Checked): string | null => (errors[name] ? t(errors[name]) : null);
  return (
    <form className="mp-login-form mp-l-form" onSubmit={onSubmit} noValidate>
      {p.error && <ErrorAlert className="mp-login-error" text={p.error} />}
      <Field error={error('username')}>
        <TextInput
          icon={UserOutlined}
          label={t('username')}
          value={values.username}
          onChange={(v) => set('username', v)}
          autoComplete="username"
          maxLength={100}
          invalid={Boolean(errors.username)}
        />
      </Field>
      <Field error={error('password')}>
        <TextInput
          icon={LockOutlined}
          label={t('password')}
          value={values.password}
          onChange={(v) => set('password', v)}
          autoComplete="current-password"
          maxLength={64}
          password
          invalid={Boolean(errors.password)}
        />
      </Field>
      {withImage && (
        <Field error={error('verifyCode')}>
          <div className="mp-captcha-row">
            <TextInput
              icon={SafetyOutlined}
              label={t('verifyCode')}
              value={values.verifyCode ?? ''}
              onChange={(v) => set('verifyCode', v)}
              autoComplete="off"
              maxLength={8}
              invalid={Boolean(errors.verifyCode)}
            />
            <button
              type="button"
              className="mp-captcha"
              onClick={() => {
                void renewCaptcha();
              }}
              title={t('captchaChange')}
              aria-label={t('captchaAlt')}
              data-testid="captcha"
            >
              {captcha ? <img src={captcha.image} alt={t('captchaAlt')} /> : <span>…</span>}
            </button>
          </div>
        </Field>
      )}
      {withSlider && (
        <Field error={error('slider')} className={errors.slider ? 'mp-slider-invalid' : undefined}>
          <SliderCaptcha
            puzzle={captcha}
            onRefresh={() => {
              void renewCaptcha();
            }}
            value={values.slider}
            onChange={(v) => set('slider', v)}
          />
        </Field>
      )}
      <div className="mp-login-options">
        <CheckBox checked={values.remember} onChange={(v) => set('remember', v)} testId="login-remember">
          {t('remember')}
        </CheckBox>
      </div>
      <Field error={error('agreement')} className="mp-login-agreement">
        <CheckBox checked={values.agreement} onChange={(v) => set('agreement', v)}>
          {t('agreePrefix')}
          <a
            onClick={(e) => {
              e.preventDefault();
              p.onShowPolicy();
            }}
            href="#privacy"
          >
            {t('privacyLink')}
          </a>
        </CheckBox>
      </Field>
      <SubmitButton loading={p.busy || solving} className="mp-login-submit" testId="login-submit">
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
