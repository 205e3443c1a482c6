/**
 * The login page (/login; SPEC §1, §2 Login page, §4 Login flow, §5 Login). Visiting clears the stored
 * user info and session storage and re-reads the hash (tenant_id, app_code, app_id, redirect_uri).
 * The form sits left, centre or right (login configuration, default right) over the brand background.
 * A first sign-in that must change its password shows the change screen in the card, then goes on.
 * No antd in what shows first (issue 17: the page's first load stays small): the form, tabs and language
 * menu are light markup; the dialogs and later steps load antd when they first show.
 */
import { lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { encryptPassword } from '../../api/client';
import { showToast } from '../../api/http/feedback';
import { WithAntd } from '../../components/AntdShell/lazy';
import { Spinner } from '../../components/LightSpin';
import Logo from '../../components/Logo';
import LanguageMenu from './language-menu';
import { parseHashParams, useConfigStore } from '../../stores/config';
import { clearAllSession } from '../../stores/session';
import SignInMethods, { showMfa } from './sign-in-methods';
import LoginForm, { type LoginValues } from './login-form';
import { offerToPasswordManager, writeRemembered } from './remember';
import { finishSignIn, resumeHandOff, runSignIn, type SignInOutcome } from './sign-in-flow';
import { useSessionStore } from '../../stores/session';

/** True from the first time `open` was true on. */
function useAgreementShown(open: boolean): boolean {
  const [shown, setShown] = useState(open);
  if (open && !shown) setShown(true);
  return shown || open;
}

const AgreementModal = lazy(() => import('./agreement-modal'));
const FirstPasswordChange = lazy(() => import('./first-password-change'));

export default function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const config = useConfigStore((s) => s.login);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captchaNonce, setCaptchaNonce] = useState(0);
  /** Set while a first sign-in must change its password (the restricted session is stored). */
  const [mustChange, setMustChange] = useState<{ username: string; remember: boolean } | null>(null);
  const [agreement, setAgreement] = useState<'closed' | 'decide' | 'read'>('closed');
  /** The agreement dialog (antd) loads when it first opens and then stays mounted (its closing animation). */
  const agreementShown = useAgreementShown(agreement !== 'closed');
  const pending = useRef<{ values: LoginValues; captchaId: string } | null>(null);

  /** True while a stored session is tried for another app's sign-in (single sign-on, no form needed). */
  const [resuming, setResuming] = useState(false);

  useEffect(() => {
    const hash = parseHashParams(window.location.hash);
    useConfigStore.getState().setHash(hash);
    if (!(hash.redirectUri && hash.hasTenantAndApp && useSessionStore.getState().token)) {
      clearAllSession();
      return;
    }
    setResuming(true);
    void resumeHandOff(hash).then((to) => {
      if (to) {
        window.location.replace(to);
        return;
      }
      clearAllSession();
      setResuming(false);
    });
  }, []);

  const submit = async (values: LoginValues, captchaId: string, agree = false): Promise<void> => {
    setBusy(true);
    setError(null);
    let password: string;
    try {
      password = encryptPassword(values.password);
    } catch (e) {
      console.error('[login] configuration not loaded', e);
      setBusy(false);
      return;
    }
    const username = values.username.trim();
    const outcome = await runSignIn({
      username,
      password,
      captchaId,
      verifyCode: values.verifyCode?.trim() ?? '',
      slider: values.slider ?? undefined,
      pow: values.pow,
      agree,
    });
    setBusy(false);
    if (outcome.kind === 'changePassword') {
      setMustChange({ username, remember: values.remember });
      return;
    }
    if (outcome.kind === 'mfa') {
      showMfa(outcome.pending);
      return;
    }
    if (outcome.kind === 'agreement') {
      pending.current = { values, captchaId };
      setAgreement('decide');
      return;
    }
    go(outcome, username, values.password, values.remember);
  };

  /** Shows a refusal, or remembers as asked and goes where the sign-in leads. */
  const go = (outcome: SignInOutcome, username: string, plainPassword: string, remember: boolean): void => {
    if (outcome.kind === 'error') {
      setError(outcome.messageKey ? t(outcome.messageKey) : outcome.message || t('http:unknownError'));
      if (outcome.refreshCaptcha) setCaptchaNonce((n) => n + 1);
      return;
    }
    if (outcome.kind !== 'done') return;
    writeRemembered(remember ? { username } : null);
    if (remember && plainPassword) offerToPasswordManager(username, plainPassword);
    if (outcome.external) window.location.assign(outcome.to);
    else navigate(outcome.to, { replace: true });
  };

  /** After the first-login change: the session is unrestricted now; the sign-in goes on. */
  const afterPasswordChanged = async (): Promise<void> => {
    const m = mustChange;
    const { token, userId } = useSessionStore.getState();
    if (!m) return;
    const outcome = await finishSignIn(m.username, token, userId);
    setMustChange(null);
    go(outcome, m.username, '', m.remember);
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
      showToast('warning', t('refused'));
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
        {config.multiLanguage && <LanguageMenu />}
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
          <h2 id="mp-login-title">{mustChange ? t('changePassword.firstTitle') : t('title')}</h2>
          {position === 'center' && !mustChange && <p className="mp-login-card-sub">{t('welcome', { name })}</p>}
          {mustChange ? (
            <WithAntd
              fallback={
                <div className="mp-suspense">
                  <Spinner />
                </div>
              }
            >
              <FirstPasswordChange
                username={mustChange.username}
                onChanged={afterPasswordChanged}
                onCancel={() => {
                  setMustChange(null);
                  setCaptchaNonce((n) => n + 1);
                }}
              />
            </WithAntd>
          ) : (
            <SignInMethods
              onShowPolicy={() => setAgreement('read')}
              onOutcome={(o, u) => (o.kind === 'changePassword' ? setMustChange({ username: u, remember: false }) : go(o, u, '', false))}
            >
              <LoginForm
                busy={busy || resuming}
                error={error}
                captchaNonce={captchaNonce}
                onSubmit={(v, id) => {
                  void submit(v, id);
                }}
                onShowPolicy={() => setAgreement('read')}
              />
            </SignInMethods>
          )}
        </section>
      </main>
      <footer className="mp-login-footer">{t('copyright', { year: new Date().getFullYear(), name })}</footer>
      {agreementShown && (
        <WithAntd>
          <AgreementModal open={agreement !== 'closed'} decide={agreement === 'decide'} onAgree={onAgree} onRefuse={onRefuse} />
        </WithAntd>
      )}
    </div>
  );
}
