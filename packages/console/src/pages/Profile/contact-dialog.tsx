/**
 * The code verification dialog of the self-service profile (docs/users.md "Profile"): type the NEW
 * mobile or e-mail (SPEC §5: 11 digits / e-mail format), send a code to it (countdown like sign-in's),
 * type the code, confirm. The server's refusals (address in use in any tenant, wrong or expired code,
 * too many tries, rate limit) are shown in the dialog in the current language.
 */
import { Alert, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OTC_RULES, USER_RULES, type ContactType, type UserProfile } from '@mp/protocol';
import { ApiError } from '../../api/client';
import { confirmContact, sendContactCode } from '../../api/profile';
import SendCodeButton from '../Login/send-code-button';

export interface ContactDialogProps {
  type: ContactType | null;
  onClose: () => void;
  onChanged: (p: UserProfile) => void;
}

export default function ContactDialog({ type, onClose, onChanged }: ContactDialogProps) {
  const { t } = useTranslation(['profile', 'errors']);
  const [form] = Form.useForm<{ address: string; code: string }>();
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const close = (): void => {
    form.resetFields();
    setError('');
    setSentTo('');
    onClose();
  };
  const rule = type === 'mobile' ? USER_RULES.mobile : USER_RULES.email;
  const label = type === 'mobile' ? t('newMobile') : t('newEmail');

  const send = async (): Promise<void> => {
    setError('');
    const { address } = await form.validateFields(['address']);
    await sendContactCode(type!, address.trim());
  };
  const submit = async (): Promise<void> => {
    setError('');
    const v = await form.validateFields();
    setBusy(true);
    try {
      const p = await confirmContact(type!, v.address.trim(), v.code.trim());
      onChanged(p);
      close();
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={type !== null}
      title={type === 'mobile' ? t('changeMobile') : t('changeEmail')}
      onCancel={close}
      onOk={() => {
        void submit();
      }}
      okText={t('confirm')}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="contact-dialog"
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="address"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('errors:validation.required', { field: label }) },
            { pattern: rule.pattern, max: rule.max, message: type === 'mobile' ? t('errors:user.mobile_pattern') : t('errors:user.email_pattern') },
          ]}
        >
          <Input maxLength={rule.max} autoComplete="off" data-testid="contact-address" />
        </Form.Item>
        <Form.Item label={t('code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, pattern: OTC_RULES.code.pattern, message: t('codePlaceholder') }]}>
              <Input maxLength={OTC_RULES.code.length} placeholder={t('codePlaceholder')} inputMode="numeric" data-testid="contact-code" />
            </Form.Item>
            <SendCodeButton send={send} onSent={() => setSentTo(form.getFieldValue('address') as string)} onError={setError} testId="contact-send" />
          </Space.Compact>
        </Form.Item>
        {sentTo && !error && <Alert type="success" showIcon title={t('codeSent', { address: sentTo })} />}
        {error && <Alert type="error" showIcon title={error} data-testid="contact-error" />}
      </Form>
    </Modal>
  );
}
