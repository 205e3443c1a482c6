/**
 * Send a message (docs/messages.md "Messages"): from an enabled template (its custom variables' values) or free
 * text (channel, subject except for SMS, body), to users / organisations / application roles, now or at a time.
 * Server messages (unknown recipients, missing values, placeholders) are toasted by the client.
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHANNELS, MESSAGE_RULES, type MessageChannel } from '@mp/protocol';
import { listMessageTemplates, sendMessage } from '../../../api/messages';
import RecipientsField, { type Recipient } from './recipients-field';

interface Values {
  source: 'template' | 'free';
  templateId?: string;
  values?: Record<string, string>;
  channel?: MessageChannel;
  subject?: string;
  body?: string;
  recipients: Recipient[];
  sendAt?: Dayjs | null;
}

export default function SendMessageModal({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form) ?? 'template';
  const templateId = Form.useWatch('templateId', form);
  const channel = Form.useWatch('channel', form);
  const [sending, setSending] = useState(false);
  const templates = useQuery({
    queryKey: ['message-template-choices'],
    queryFn: () => listMessageTemplates({ status: 1, pageSize: 100, sortField: 'name', sortOrder: 'ascend' }, { noLoading: true }),
    enabled: open,
  });
  const template = templates.data?.rows.find((r) => r.id === templateId);

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ source: 'template', recipients: [], channel: 'insite' });
    }
  }, [open, form]);

  const send = async () => {
    const v = await form.validateFields();
    setSending(true);
    try {
      const audience = {
        userIds: v.recipients.filter((r) => r.kind === 'user').map((r) => r.id),
        orgs: v.recipients.filter((r) => r.kind === 'org').map((r) => ({ id: r.id, sub: r.sub })),
        roleIds: v.recipients.filter((r) => r.kind === 'role').map((r) => r.id),
      };
      const sendAt = v.sendAt ? v.sendAt.toISOString() : undefined;
      if (v.source === 'template') await sendMessage({ templateId: v.templateId, values: v.values ?? {}, ...audience, sendAt });
      else await sendMessage({ channel: v.channel, subject: v.channel === 'sms' ? undefined : v.subject, body: v.body, ...audience, sendAt });
      void message.success(t('message.sent'));
      onSent();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={820}
      title={t('message.send')}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="message-send-submit">
            {t('message.send')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item name="source" label={t('message.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'template', label: t('message.fromTemplate') },
              { value: 'free', label: t('message.freeText') },
            ]}
            data-testid="message-source"
          />
        </Form.Item>
        {source === 'template' ? (
          <>
            <Form.Item name="templateId" label={t('message.pickTemplate')} rules={[{ required: true }]}>
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={templates.isFetching}
                data-testid="message-template"
                options={(templates.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code}) · ${t(`channel.${r.channel}`)}` }))}
              />
            </Form.Item>
            {template && template.variables.length > 0 && (
              <Form.Item label={t('message.values')} required>
                <Space wrap>
                  {template.variables.map((v) => (
                    <Form.Item key={v.name} name={['values', v.name]} noStyle rules={[{ required: true, whitespace: true }]}>
                      <Input
                        addonBefore={v.name}
                        placeholder={v.sample}
                        maxLength={MESSAGE_RULES.variable.value}
                        style={{ width: 260 }}
                        data-testid={`message-value-${v.name}`}
                      />
                    </Form.Item>
                  ))}
                </Space>
              </Form.Item>
            )}
          </>
        ) : (
          <>
            <Form.Item name="channel" label={t('template.channel')} rules={[{ required: true }]}>
              <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))} style={{ width: 200 }} data-testid="message-channel" />
            </Form.Item>
            {channel !== 'sms' && (
              <Form.Item name="subject" label={t('template.subject')} rules={[{ required: true, whitespace: true }, { max: MESSAGE_RULES.subject.max }]}>
                <Input maxLength={MESSAGE_RULES.subject.max} data-testid="message-subject" />
              </Form.Item>
            )}
            <Form.Item name="body" label={t('template.body')} extra={t('template.bodyTextHint')} rules={[{ required: true, whitespace: true }]}>
              <Input.TextArea rows={5} maxLength={MESSAGE_RULES.body[channel ?? 'insite']} showCount data-testid="message-body" />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="recipients"
          label={t('message.audience')}
          extra={t('message.audienceHint')}
          rules={[
            {
              validator: (_, v: Recipient[] | undefined) => (v?.length ? Promise.resolve() : Promise.reject(new Error(t('errors:message.audience_required')))),
            },
          ]}
        >
          <RecipientsField />
        </Form.Item>
        <Form.Item name="sendAt" label={t('message.sendAt')} extra={t('message.sendAtHint')}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            style={{ width: 220 }}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
