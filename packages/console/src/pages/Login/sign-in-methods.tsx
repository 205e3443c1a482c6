/**
 * The ways in on the login card (SPEC §1 Login: password, dynamic code by mail or SMS, password
 * retrieval; docs/codes.md): tabs "password" (the page's password form, passed as children, with the
 * forgot-password link under it) and "dynamic code"; while a password sign-in waits for its MFA code
 * (`showMfa`), the MFA step replaces both. Outcomes go back to the page, which goes on as after a
 * password sign-in. The tabs and the link are light markup (issue 17); the code form, the MFA step and the
 * forgot-password dialog use antd and load when first shown. A "WeChat" tab (QR sign-in, wechat-signin.tsx,
 * loaded on demand) shows when a WeChat configuration is enabled.
 */
import './codes.css';
import { lazy, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { MfaPendingRow, WechatOption } from '@mp/protocol';
import { listWechatOptions } from '../../api/wechat';
import { WithAntd } from '../../components/AntdShell/lazy';
import { Spinner } from '../../components/LightSpin';
import type { SignInOutcome } from './sign-in-flow';

const DynamicCodeForm = lazy(() => import('./dynamic-code-form'));
const ForgotPasswordModal = lazy(() => import('./forgot-password-modal'));
const MfaStep = lazy(() => import('./mfa-step'));
const WechatSignIn = lazy(() => import('./wechat-signin'));
const loading = (
  <div className="mp-suspense">
    <Spinner />
  </div>
);

/** The pending MFA sign-in, if any (set by the page when signin answers `mfaRequired`). */
const useMfaStore = create<{ pending: MfaPendingRow | null }>(() => ({ pending: null }));
/** Shows the MFA step for a pending sign-in. */
export function showMfa(pending: MfaPendingRow | null): void {
  useMfaStore.setState({ pending });
}

export interface SignInMethodsProps {
  /** The password form. */
  children: ReactNode;
  onShowPolicy: () => void;
  /** A code or MFA sign-in's outcome, with the name to remember it under. */
  onOutcome: (outcome: SignInOutcome, username: string) => void;
}

type Method = 'password' | 'code' | 'wechat';

/** The "forgot password" link; its dialog loads on the first click and stays mounted after. */
function ForgotPassword() {
  const { t } = useTranslation('otc');
  const [open, setOpen] = useState<boolean | null>(null);
  return (
    <>
      <a
        href="#forgot"
        onClick={(e) => {
          e.preventDefault();
          setOpen(true);
        }}
        data-testid="forgot-password"
      >
        {t('forgot')}
      </a>
      {open !== null && (
        <WithAntd>
          <ForgotPasswordModal open={open} onClose={() => setOpen(false)} />
        </WithAntd>
      )}
    </>
  );
}

export default function SignInMethods({ children, onShowPolicy, onOutcome }: SignInMethodsProps) {
  const { t } = useTranslation('otc');
  const pending = useMfaStore((s) => s.pending);
  const [active, setActive] = useState<Method>('password');
  /** Tabs shown once stay mounted (their input is kept), like antd's tabs. */
  const [seen, setSeen] = useState<Set<Method>>(() => new Set(['password']));
  const tabs = useRef<Partial<Record<Method, HTMLDivElement | null>>>({});
  /** Enabled WeChat configurations: the WeChat tab shows only when there is one (docs/wechat-signin.md). */
  const [wechat, setWechat] = useState<WechatOption[]>([]);
  useEffect(() => {
    listWechatOptions().then(setWechat, () => setWechat([]));
  }, []);
  const METHODS: Method[] = wechat.length ? ['password', 'code', 'wechat'] : ['password', 'code'];
  if (pending) {
    return (
      <WithAntd fallback={loading}>
        <MfaStep
          pending={pending}
          onOutcome={(o) => {
            if (o.kind !== 'error') showMfa(null);
            onOutcome(o, pending.username);
          }}
          onCancel={() => showMfa(null)}
        />
      </WithAntd>
    );
  }
  const choose = (m: Method): void => {
    setActive(m);
    setSeen((s) => (s.has(m) ? s : new Set([...s, m])));
  };
  // arrow keys move between the tabs (WAI-ARIA tabs pattern, as antd's)
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = METHODS[(METHODS.indexOf(active) + (e.key === 'ArrowRight' ? 1 : METHODS.length - 1)) % METHODS.length]!;
    choose(next);
    tabs.current[next]?.focus();
  };
  const panel = (m: Method): ReactNode =>
    m === 'password' ? (
      <>
        {children}
        <div className="mp-login-forgot">
          <ForgotPassword />
        </div>
      </>
    ) : m === 'wechat' ? (
      <WithAntd fallback={loading}>
        <WechatSignIn options={wechat} onShowPolicy={onShowPolicy} onOutcome={onOutcome} onMfa={showMfa} />
      </WithAntd>
    ) : (
      <WithAntd fallback={loading}>
        <DynamicCodeForm onShowPolicy={onShowPolicy} onOutcome={onOutcome} />
      </WithAntd>
    );
  return (
    <div className="mp-login-tabs mp-l-tabs">
      <div className="mp-l-tabs-nav" role="tablist" aria-orientation="horizontal" onKeyDown={onKeyDown}>
        {METHODS.map((m) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the tablist handles the keys (arrows move and choose, WAI-ARIA tabs pattern)
          <div
            key={m}
            ref={(el) => {
              tabs.current[m] = el;
            }}
            role="tab"
            id={`mp-login-tab-${m}`}
            aria-selected={active === m}
            aria-controls={`mp-login-panel-${m}`}
            tabIndex={active === m ? 0 : -1}
            className={`mp-l-tab${active === m ? ' mp-l-tab-active' : ''}`}
            onClick={() => choose(m)}
          >
            {m === 'wechat' ? t('login:wechat.tab') : t(`tabs.${m}`)}
          </div>
        ))}
      </div>
      {METHODS.filter((m) => seen.has(m)).map((m) => (
        <div key={m} role="tabpanel" id={`mp-login-panel-${m}`} aria-labelledby={`mp-login-tab-${m}`} hidden={active !== m}>
          {panel(m)}
        </div>
      ))}
    </div>
  );
}
