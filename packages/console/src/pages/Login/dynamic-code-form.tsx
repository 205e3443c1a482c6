/**
 * Sign-in with a dynamic code (SPEC §1 Login, §5 Login "dynamic code not empty; mobile valid", §8 Login
 * 'enter correct mobile number', 'dynamic code empty'): e-mail or mobile, the send-code button with its
 * countdown, the code, the agreement; `signinbycode` then the sequence of a password sign-in.
 */
import { Alert, Button, Form, Input, Segmented } from 'antd';
import { MailOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, type OtcChannel } from '@mp/protocol';
import { sendLoginCode, signInByCode } from '../../api/otc';
import { ApiError } from '../../api/client';
import AgreementField from './agreement-field';
import SendCodeButton from './send-code-button';
import { completeSignIn, type SignInOutcome } from './sign-in-flow';

interface Values {
  address: string;
  dynamicCode: string;
  agreement: boolean;
}

export interface DynamicCodeFormProps {
  onShowPolicy: () => void;
  onOutcome: (outcome: SignInOutcome, username: string) => void;
}

export default function DynamicCodeForm({ onShowPolicy, onOutcome }: DynamicCodeFormProps) {
  const { t } = useTranslation(['otc', 'login']);
  const [form] = Form.useForm<Values>();
  const [type, setType] = useState<OtcChannel>('email');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const pattern = type === 'email' ? OTC_RULES.email.pattern : OTC_RULES.mobile.pattern;
  const invalid = t(type === 'email' ? 'emailInvalid' : 'mobileInvalid');

  const send = async (): Promise<void> => {
    await form.validateFields(['address']);
    setNotice(null);
    await sendLoginCode(type, form.getFieldValue('address') as string);
  };

  const submit = async (v: Values): Promise<void> => {
    setBusy(true);
    setNotice(null);
    const address = v.address.trim();
    try {
      const row = await signInByCode({ loginType: type, address, dynamicCode: v.dynamicCode.trim(), agree: true });
      const outcome = await completeSignIn(address, row);
      if (outcome.kind === 'error') setNotice({ kind: 'error', text: outcome.messageKey ? t(`login:${outcome.messageKey}`) : (outcome.message ?? '') });
      else onOutcome(outcome, address);
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="code-login"
      size="large"
      className="mp-login-form"
      requiredMark={false}
      initialValues={{ agreement: false }}
      onFinish={(v) => {
        void submit(v);
      }}
    >
      {notice && <Alert className="mp-login-error" type={notice.kind} showIcon title={notice.text} role={notice.kind === 'error' ? 'alert' : 'status'} />}
      <Form.Item>
        <Segmented<OtcChannel>
          block
          value={type}
          onChange={(v) => {
            setType(v);
            form.resetFields(['address']);
            setNotice(null);
          }}
          options={[
            { value: 'email', label: t('loginType.email') },
            { value: 'mobile', label: t('loginType.mobile') },
          ]}
          data-testid="code-login-type"
        />
      </Form.Item>
      <Form.Item
        name="address"
        rules={[
          { required: true, whitespace: true, message: invalid },
          { pattern, message: invalid, transform: (v: string) => v?.trim() },
        ]}
      >
        <Input
          prefix={type === 'email' ? <MailOutlined /> : <MobileOutlined />}
          placeholder={t(type === 'email' ? 'email' : 'mobile')}
          aria-label={t(type === 'email' ? 'email' : 'mobile')}
          maxLength={type === 'email' ? OTC_RULES.email.max : OTC_RULES.mobile.max}
          autoComplete={type === 'email' ? 'email' : 'tel'}
          inputMode={type === 'email' ? 'email' : 'numeric'}
        />
      </Form.Item>
      <Form.Item>
        <div className="mp-captcha-row">
          <Form.Item name="dynamicCode" noStyle rules={[{ required: true, whitespace: true, message: t('dynamicCodeEmpty') }]}>
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
            send={send}
            onSent={() => setNotice({ kind: 'success', text: t('sent', { minutes: OTC_RULES.codeTtlMinutes }) })}
            onError={(text) => setNotice({ kind: 'error', text })}
            testId="send-login-code"
          />
        </div>
      </Form.Item>
      <AgreementField onShowPolicy={onShowPolicy} />
      <Button type="primary" htmlType="submit" block loading={busy} className="mp-login-submit" data-testid="code-login-submit">
        {t('submit')}
      </Button>
    </Form>
  );
}
