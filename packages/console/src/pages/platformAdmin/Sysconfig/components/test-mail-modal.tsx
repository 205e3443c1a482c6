/**
 * "Send test mail" (issue 3: really sent over SMTP with the saved mail configuration): asks for the
 * recipient (an e-mail address, the server's rule), calls `sendtestmail`, and tells the user it was
 * sent, or shows the server's reason (refused, wrong password, …) inside the dialog.
 */
import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSCONFIG_RULES as R, type MailConfigRow } from '@mp/protocol';
import { sendTestMail } from '../../../../api/sysconfig';
import { textRules, type Translate } from '../../../../components/FormModal/rules';
import { errorText } from '../../../../components/FormModal/server-error';

/** Open while `row` is set. */
export default function TestMailModal({ row, onClose }: { row?: { id: string; name: string } | MailConfigRow; onClose: () => void }) {
  const { t } = useTranslation(['sysconfig', 'common']);
  const tr: Translate = (k, p) => t(k as never, p as never) as unknown as string;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const { to } = await form.validateFields();
    setBusy(true);
    setError(null);
    try {
      await sendTestMail(row!.id, to.trim(), { noToast: true });
      void message.success(t('mail.sent', { to: to.trim() }));
      onClose();
    } catch (e) {
      setError(errorText(e) || t('common:operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={Boolean(row)}
      title={t('mail.testTitle')}
      okText={t('mail.send')}
      cancelText={t('common:cancel')}
      onOk={() => void send()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      afterClose={() => {
        setError(null);
        form.resetFields();
      }}
    >
      <Typography.Paragraph type="secondary">{row?.name}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="test-mail-error" />}
      <Form form={form} layout="vertical" onFinish={() => void send()}>
        <Form.Item
          name="to"
          label={t('mail.recipient')}
          rules={textRules(tr, t('mail.recipient'), { required: true, max: R.email.max, pattern: R.email.pattern })}
        >
          <Input placeholder={t('mail.recipientPlaceholder')} autoComplete="email" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
