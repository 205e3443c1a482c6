/**
 * The MFA step after a right password when the login configuration's `mfaEnabled` is on (docs/codes.md
 * "MFA"): choose where the code goes (masked e-mail or mobile), send it (with the countdown), type it,
 * confirm (`confirm` answers `{ token, userId }` like signin). Back returns to the sign-in form.
 */
import { Alert, Button, Form, Input, Radio } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Codes, OTC_RULES, OtcCodes, type MfaPendingRow, type OtcChannel } from '@mp/protocol';
import { confirmMfa, sendMfaCode } from '../../api/otc';
import { ApiError } from '../../api/client';
import SendCodeButton from './send-code-button';
import { completeSignIn, type SignInOutcome } from './sign-in-flow';

export interface MfaStepProps {
  pending: MfaPendingRow;
  onOutcome: (outcome: SignInOutcome) => void;
  onCancel: () => void;
}

export default function MfaStep({ pending, onOutcome, onCancel }: MfaStepProps) {
  const { t } = useTranslation(['otc', 'login']);
  const [form] = Form.useForm<{ code: string }>();
  const [type, setType] = useState<OtcChannel>(pending.channels[0]?.type ?? 'email');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error' | 'info'; text: string }>({ kind: 'info', text: t('mfaIntro') });
  const [busy, setBusy] = useState(false);
  const masked = pending.channels.find((c) => c.type === type)?.masked ?? '';

  const submit = async ({ code }: { code: string }): Promise<void> => {
    setBusy(true);
    try {
      const row = await confirmMfa(pending, type, code.trim());
      const outcome = await completeSignIn(pending.username, row);
      if (outcome.kind === 'error') setNotice({ kind: 'error', text: outcome.messageKey ? t(`login:${outcome.messageKey}`) : (outcome.message ?? '') });
      onOutcome(outcome);
    } catch (e) {
      if (e instanceof ApiError && (e.scode === OtcCodes.MFA_TICKET_INVALID || e.scode === Codes.ACCOUNT_LOCKED)) {
        onOutcome({ kind: 'error', message: e.message, refreshCaptcha: true });
        onCancel();
        return;
      }
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      form={form}
      name="mfa"
      size="large"
      className="mp-login-form mp-mfa-step"
      requiredMark={false}
      onFinish={(v) => {
        void submit(v);
      }}
      data-testid="mfa-step"
    >
      <h3 className="mp-mfa-title">{t('mfaTitle')}</h3>
      <Alert className="mp-login-error" type={notice.kind} showIcon title={notice.text} role={notice.kind === 'error' ? 'alert' : 'status'} />
      <Form.Item label={t('mfaChannel')} colon={false} layout="vertical">
        <Radio.Group value={type} onChange={(e) => setType(e.target.value as OtcChannel)}>
          {pending.channels.map((c) => (
            <Radio key={c.type} value={c.type}>{`${t(`loginType.${c.type}`)} ${c.masked}`}</Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item>
        <div className="mp-captcha-row">
          <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: t('dynamicCodeEmpty') }]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('dynamicCode')}
              aria-label={t('dynamicCode')}
              maxLength={OTC_RULES.code.length}
              autoComplete="one-time-code"
              inputMode="numeric"
            />
          </Form.Item>
          <SendCodeButton
            send={() => sendMfaCode(pending, type)}
            onSent={() => setNotice({ kind: 'success', text: t('mfaSent', { to: masked, minutes: OTC_RULES.codeTtlMinutes }) })}
            onError={(text) => setNotice({ kind: 'error', text })}
            testId="send-mfa-code"
          />
        </div>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy} className="mp-login-submit" data-testid="mfa-confirm">
        {t('mfaConfirm')}
      </Button>
      <Button type="link" block onClick={onCancel} style={{ marginTop: 8 }}>
        {t('mfaBack')}
      </Button>
    </Form>
  );
}
