/**
 * The ways in on the login card (SPEC §1 Login: password, dynamic code by mail or SMS, password
 * retrieval; docs/codes.md): tabs "password" (the page's password form, passed as children, with the
 * forgot-password link under it) and "dynamic code"; while a password sign-in waits for its MFA code
 * (`showMfa`), the MFA step replaces both. Outcomes go back to the page, which goes on as after a
 * password sign-in.
 */
import { Tabs } from 'antd';
import './codes.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import type { MfaPendingRow } from '@mp/protocol';
import DynamicCodeForm from './dynamic-code-form';
import ForgotPasswordLink from './forgot-password-modal';
import MfaStep from './mfa-step';
import type { SignInOutcome } from './sign-in-flow';

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

export default function SignInMethods({ children, onShowPolicy, onOutcome }: SignInMethodsProps) {
  const { t } = useTranslation('otc');
  const pending = useMfaStore((s) => s.pending);
  if (pending) {
    return <MfaStep pending={pending} onOutcome={(o) => { if (o.kind !== 'error') showMfa(null); onOutcome(o, pending.username); }} onCancel={() => showMfa(null)} />;
  }
  return (
    <Tabs
      className="mp-login-tabs"
      defaultActiveKey="password"
      items={[
        { key: 'password', label: t('tabs.password'), children: <>{children}<div className="mp-login-forgot"><ForgotPasswordLink /></div></> },
        { key: 'code', label: t('tabs.code'), children: <DynamicCodeForm onShowPolicy={onShowPolicy} onOutcome={onOutcome} /> },
      ]}
    />
  );
}
