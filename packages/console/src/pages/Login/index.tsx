/**
 * The login page (/login; SPEC §1, §2 Login page, §4 Login flow, §5 Login). Visiting clears the stored
 * user info and session storage and re-reads the hash (tenant_id, app_code, app_id, redirect_uri).
 * The form sits left, centre or right (login configuration, default right) over the brand background.
 */
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptPassword } from '../../api/client';
import Logo from '../../components/Logo';
import LanguageSwitch from '../../components/LanguageSwitch';
import { parseHashParams, useConfigStore } from '../../stores/config';
import { clearAllSession } from '../../stores/session';
import AgreementModal from './agreement-modal';
import LoginForm, { type LoginValues } from './login-form';
import { readRemembered, writeRemembered } from './remember';
import { runSignIn } from './sign-in-flow';

export default function LoginPage() {
  const { t } = useTranslation('login');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const config = useConfigStore((s) => s.login);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  const [usingRemembered, setUsingRemembered] = useState(() => readRemembered() !== null);
  const [agreement, setAgreement] = useState<'closed' | 'decide' | 'read'>('closed');
  const pending = useRef<{ values: LoginValues; captchaId: string } | null>(null);

  useEffect(() => {
    clearAllSession();
    useConfigStore.getState().setHash(parseHashParams(window.location.hash));
  }, []);

  const submit = async (values: LoginValues, captchaId: string, agree = false): Promise<void> => {
    setBusy(true);
    setError(null);
    const remembered = readRemembered();
    let password: string;
    try {
      password = usingRemembered && remembered ? remembered.encryptedPassword : encryptPassword(values.password);
    } catch (e) {
      console.error('[login] configuration not loaded', e);
      setBusy(false);
      return;
    }
    const username = values.username.trim();
    const outcome = await runSignIn({ username, password, captchaId, verifyCode: values.verifyCode?.trim() ?? '', agree });
    setBusy(false);
    if (outcome.kind === 'agreement') {
      pending.current = { values, captchaId };
      setAgreement('decide');
      return;
    }
    if (outcome.kind === 'error') {
      setError(outcome.messageKey ? t(outcome.messageKey) : outcome.message || t('http:unknownError'));
      if (outcome.refreshCaptcha) setCaptchaNonce((n) => n + 1);
      return;
    }
    writeRemembered(values.remember ? { username, encryptedPassword: password } : null);
    if (outcome.external) window.location.assign(outcome.to);
    else navigate(outcome.to, { replace: true });
  };

  const onAgree = (): void => {
    setAgreement('closed');
    const p = pending.current;
    pending.current = null;
    if (p) void submit(p.values, p.captchaId, true);
  };
  const onRefuse = (): void => {
    const deciding = agreement === 'decide';
    setAgreement('closed');
    pending.current = null;
    if (deciding) {
      setError(t('refused'));
      void message.warning(t('refused'));
    }
  };

  const name = config.systemName || 'MP3.0';
  const position = ['left', 'center', 'right'].includes(config.loginFormPosition) ? config.loginFormPosition : 'right';
  return (
    <div className={`mp-login mp-login-${position}`}>
      <div className="mp-login-bg" aria-hidden="true" />
      <header className="mp-login-top">
        <div className="mp-brand mp-brand-light">
          <Logo size={34} />
          <span className="mp-brand-name">{name}</span>
        </div>
        {config.multiLanguage && <LanguageSwitch tone="light" />}
      </header>
      <main className="mp-login-body">
        {position !== 'center' && (
          <section className="mp-login-hero">
            <h1>{t('welcome', { name })}</h1>
            <p className="mp-login-tagline">{t('tagline')}</p>
            <ul>
              <li>{t('features.tenant')}</li>
              <li>{t('features.identity')}</li>
              <li>{t('features.grant')}</li>
            </ul>
          </section>
        )}
        <section className="mp-login-card" aria-labelledby="mp-login-title">
          <h2 id="mp-login-title">{t('title')}</h2>
          {position === 'center' && <p className="mp-login-card-sub">{t('welcome', { name })}</p>}
          <LoginForm
            busy={busy}
            error={error}
            captchaNonce={captchaNonce}
            usingRemembered={usingRemembered}
            onPasswordEdited={() => setUsingRemembered(false)}
            onSubmit={(v, id) => { void submit(v, id); }}
            onShowPolicy={() => setAgreement('read')}
          />
        </section>
      </main>
      <footer className="mp-login-footer">{t('copyright', { year: new Date().getFullYear(), name })}</footer>
      <AgreementModal open={agreement !== 'closed'} decide={agreement === 'decide'} onAgree={onAgree} onRefuse={onRefuse} />
    </div>
  );
}
