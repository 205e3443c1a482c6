/**
 * WeChat QR sign-in on the login card (issue 18; SPEC §3 WeChat type, §4 "the WeChat login polling call is
 * excluded" from the loading indicator, §7 no automatic error toast, §8 'User association succeeded';
 * docs/wechat-signin.md). Shows the QR code of a fresh ticket with its countdown (refresh when expired),
 * polls every 2 s without the loading indicator, asks for the account's user name and password when the
 * WeChat identity is not bound yet, and then goes on like a password sign-in (MFA included). Loaded on
 * demand with antd (its QRCode renders the code), never in the page's first load.
 */
import { Alert, Button, Form, Input, QRCode, Segmented } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, WECHAT_RULES, WxType, type MfaPendingRow, type SignInRow, type WechatOption, type WechatPollRow, type WechatQrRow } from '@mp/protocol';
import { ApiError, encryptPassword } from '../../api/client';
import { showToast } from '../../api/http/feedback';
import { bindWechat, createWechatQr, pollWechat } from '../../api/wechat';
import './wechat.css';
import AgreementField, { PolicyLink } from './agreement-field';
import { completeSignIn, type SignInOutcome } from './sign-in-flow';

type Phase = 'loading' | 'waiting' | 'scanned' | 'expired' | 'bind' | 'agree' | 'error' | 'done';

export interface WechatSignInProps {
  /** The enabled WeChat configurations (at least one). */
  options: WechatOption[];
  onShowPolicy: () => void;
  onOutcome: (outcome: SignInOutcome, username: string) => void;
  onMfa: (pending: MfaPendingRow) => void;
}

interface BindValues {
  username: string;
  password: string;
  agreement: boolean;
}

const message = (e: unknown) => (e instanceof ApiError ? e.message : String(e));

export default function WechatSignIn({ options, onShowPolicy, onOutcome, onMfa }: WechatSignInProps) {
  const { t } = useTranslation('login');
  const [configId, setConfigId] = useState(options[0]!.id);
  const [qr, setQr] = useState<WechatQrRow | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState('');
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  /** Counts finished polls: the next one is scheduled after each, whatever it answered. */
  const [polls, setPolls] = useState(0);
  const deadline = useRef(0);
  const [form] = Form.useForm<BindValues>();
  const type = options.find((o) => o.id === configId)?.type;

  const load = useCallback(async (id: string): Promise<void> => {
    setPhase('loading');
    setError('');
    try {
      const row = await createWechatQr(id);
      deadline.current = Date.now() + row.expiresIn * 1000;
      setLeft(row.expiresIn);
      setQr(row);
      setPhase('waiting');
    } catch (e) {
      setQr(null);
      setError(message(e));
      setPhase('error');
    }
  }, []);

  useEffect(() => {
    void load(configId);
  }, [configId, load]);

  /** A session or a pending MFA sign-in: on like a password sign-in. */
  const finish = useCallback(
    async (row: SignInRow | MfaPendingRow | undefined): Promise<void> => {
      if (!row) return;
      setPhase('done');
      if ('mfaRequired' in row && row.mfaRequired) {
        onMfa(row);
        return;
      }
      const outcome = await completeSignIn('', row as SignInRow);
      if (outcome.kind === 'error') {
        setError(outcome.messageKey ? t(outcome.messageKey) : (outcome.message ?? ''));
        setPhase('error');
        return;
      }
      onOutcome(outcome, '');
    },
    [onMfa, onOutcome, t],
  );

  const answer = useCallback(
    async (row: WechatPollRow): Promise<void> => {
      if (row.state === 'signedIn') await finish(row.signIn);
      else if (row.state === 'needsBinding') setPhase('bind');
      else setPhase(row.state);
    },
    [finish],
  );

  const refused = useCallback((e: unknown): void => {
    if (e instanceof ApiError && e.scode === Codes.AGREEMENT_REQUIRED) {
      setPhase('agree');
      return;
    }
    setError(message(e));
    setPhase('error');
  }, []);

  // polling: one call at a time, every WECHAT_RULES.pollMs while the code waits for or has its scan
  useEffect(() => {
    if (!qr || (phase !== 'waiting' && phase !== 'scanned')) return;
    let stop = false;
    const timer = setTimeout(() => {
      pollWechat(qr.ticket).then(
        (row) => {
          if (stop) return;
          setPolls((n) => n + 1);
          void answer(row);
        },
        (e: unknown) => {
          if (!stop) refused(e);
        },
      );
    }, WECHAT_RULES.pollMs);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [qr, phase, polls, answer, refused]);

  // the countdown; the code expires here too when the last poll did not say so
  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setInterval(() => {
      const s = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setLeft(s);
      if (s === 0) setPhase('expired');
    }, 1000);
    return () => clearInterval(timer);
  }, [phase]);

  const bind = async (v: BindValues): Promise<void> => {
    if (!qr) return;
    setBusy(true);
    setError('');
    try {
      const row = await bindWechat({ ticket: qr.ticket, username: v.username.trim(), password: encryptPassword(v.password), agree: true });
      showToast('success', t('wechat.associated'));
      await finish(row.signIn);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };

  const agreeAndContinue = async (): Promise<void> => {
    if (!qr) return;
    setBusy(true);
    try {
      await answer(await pollWechat(qr.ticket, true));
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const policyLink = <PolicyLink onShowPolicy={onShowPolicy} />;
  const restart = (
    <Button block onClick={() => void load(configId)} data-testid="wechat-restart">
      {t('wechat.restart')}
    </Button>
  );

  if (phase === 'bind') {
    return (
      <Form<BindValues>
        form={form}
        name="wechat-bind"
        size="large"
        className="mp-login-form"
        requiredMark={false}
        initialValues={{ agreement: false }}
        onFinish={(v) => void bind(v)}
        data-testid="wechat-bind"
      >
        <h3 className="mp-wechat-bind-title">{t('wechat.bindTitle')}</h3>
        <Alert type="info" title={t('wechat.bindHint')} className="mp-wechat-bind-hint" />
        {error && <Alert className="mp-login-error" type="error" showIcon title={error} role="alert" />}
        <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}>
          <Input prefix={<UserOutlined />} placeholder={t('username')} aria-label={t('username')} maxLength={100} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('passwordRequired') }]}>
          <Input.Password prefix={<LockOutlined />} placeholder={t('password')} aria-label={t('password')} maxLength={100} autoComplete="current-password" />
        </Form.Item>
        <AgreementField onShowPolicy={onShowPolicy} />
        <Button type="primary" htmlType="submit" block loading={busy} className="mp-login-submit" data-testid="wechat-bind-submit">
          {t('wechat.bindSubmit')}
        </Button>
        <div className="mp-wechat-actions">{restart}</div>
      </Form>
    );
  }

  const qrStatus = phase === 'loading' || phase === 'done' ? 'loading' : phase === 'expired' ? 'expired' : phase === 'scanned' ? 'scanned' : 'active';
  return (
    <div className="mp-wechat" data-testid="wechat-panel">
      {options.length > 1 && (
        <Segmented<string>
          block
          value={configId}
          onChange={setConfigId}
          options={options.map((o) => ({ value: o.id, label: o.name }))}
          aria-label={t('wechat.choose')}
        />
      )}
      <p className="mp-wechat-hint">{t('wechat.scanHint')}</p>
      {phase !== 'error' && (
        <div className="mp-wechat-qr" role="img" aria-label={t('wechat.qrLabel')} data-testid="wechat-qr" data-url={qr?.url ?? ''} data-phase={phase}>
          <QRCode value={qr?.url || '-'} size={200} status={qrStatus} onRefresh={() => void load(configId)} bordered />
        </div>
      )}
      <div className="mp-wechat-status" role="status" aria-live="polite">
        {phase === 'waiting' && t('wechat.countdown', { seconds: left })}
        {phase === 'scanned' && t('wechat.scanned')}
        {phase === 'expired' && t('wechat.expired')}
      </div>
      {error && <Alert className="mp-login-error" type="error" showIcon title={error} role="alert" />}
      {phase === 'agree' && (
        <div className="mp-wechat-actions">
          <p>
            {t('agreePrefix')}
            {policyLink}
          </p>
          <Button type="primary" block loading={busy} onClick={() => void agreeAndContinue()} data-testid="wechat-agree">
            {t('wechat.agreeContinue')}
          </Button>
        </div>
      )}
      {(phase === 'expired' || phase === 'error') && (
        <div className="mp-wechat-actions">
          <Button type="primary" block onClick={() => void load(configId)} data-testid="wechat-refresh">
            {t('wechat.refresh')}
          </Button>
        </div>
      )}
      {type === WxType.OPEN_PLATFORM && qr && phase === 'waiting' && (
        <a className="mp-wechat-link" href={qr.url} target="_blank" rel="noopener noreferrer">
          {t('wechat.openLink')}
        </a>
      )}
    </div>
  );
}
