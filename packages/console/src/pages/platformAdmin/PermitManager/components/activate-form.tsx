/**
 * System activation (SPEC §1, §5 "Activation code required"): a text area for the code and an Activate
 * button. The code is required (same words as the server's `licence.code_required`) and at most
 * LICENCE_RULES.codeMax characters. A refusal from the server (expired, forged, altered, another key)
 * shows under the field in the user's language, and the field keeps the code so it can be corrected.
 */
import { useState } from 'react';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LICENCE_RULES, type LicenceStatus } from '@mp/protocol';
import { activateLicence } from '../../../../api/licence';
import { errorText } from '../../../../components/FormModal/server-error';
import { maxLengthRule } from '../../../../components/FormModal/rules';

/** `onActivated` receives the new standing once the server has stored the licence. */
export default function ActivateForm({ onActivated }: { onActivated: (s: LicenceStatus) => void }) {
  const { t } = useTranslation(['licence', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    try {
      const s = await activateLicence(code.trim(), { noToast: true });
      form.resetFields();
      void message.success(t('activate.success', { date: dayjs(s.expiresAt).format('YYYY-MM-DD') }));
      onActivated(s);
    } catch (err) {
      form.setFields([{ name: 'code', errors: [errorText(err) || t('activate.required')] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      variant="borderless"
      title={
        <span>
          <KeyOutlined style={{ color: '#1677ff', marginInlineEnd: 8 }} />
          {t('activate.title')}
        </span>
      }
    >
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="code"
          label={t('activate.code')}
          rules={[{ required: true, whitespace: true, message: t('activate.required') }, maxLengthRule(t, t('activate.code'), LICENCE_RULES.codeMax)]}
          extra={<Typography.Text type="secondary">{t('activate.hint')}</Typography.Text>}
        >
          <Input.TextArea
            rows={5}
            placeholder={t('activate.placeholder')}
            spellCheck={false}
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12, wordBreak: 'break-all' }}
            data-testid="licence-code"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} icon={<KeyOutlined />} data-testid="licence-activate" style={{ marginTop: 8 }}>
          {t('activate.submit')}
        </Button>
      </Form>
    </Card>
  );
}
