/**
 * Add / edit a message template (docs/messages.md "Templates"): code, name, channel, status, description, the
 * custom variables (name and sample value), and per language (tabs ZH_CN / EN_US / JA_JP) a subject (not for
 * SMS) and a body; built-in variables are listed for copying. "Preview" renders the unsaved texts on the server
 * with the sample values (e-mail HTML in a sandboxed frame without scripts; other channels as plain text).
 * The server checks placeholders and names the unknown or malformed ones (its message is toasted).
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Spin, Switch, Tabs, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  BUILTIN_VARIABLES,
  MESSAGE_CHANNELS,
  MESSAGE_LANGUAGES,
  MESSAGE_RULES,
  type MessageChannel,
  type MessageContents,
  type MessagePreview,
  type MessageTemplateAddBody,
  type MessageVariable,
} from '@mp/protocol';
import { addMessageTemplate, editMessageTemplate, getMessageTemplate, previewMessage } from '../../../api/messages';

interface Values {
  code: string;
  name: string;
  channel: MessageChannel;
  enabled: boolean;
  description?: string;
  variables: MessageVariable[];
  contents: MessageContents;
}

/** The rendered preview: e-mail HTML in a frame without scripts, other channels as text. */
export function PreviewView({ channel, preview }: { channel: MessageChannel; preview: MessagePreview }) {
  const { t } = useTranslation('message');
  return (
    <div data-testid="message-preview">
      {channel !== 'sms' && (
        <Typography.Paragraph strong style={{ marginBottom: 8 }}>
          {preview.subject}
        </Typography.Paragraph>
      )}
      {channel === 'email' ? (
        <iframe
          title={t('preview')}
          sandbox=""
          srcDoc={preview.body}
          style={{ width: '100%', height: 220, border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, background: '#fff' }}
        />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{preview.body}</Typography.Paragraph>
      )}
    </div>
  );
}

export default function TemplateFormModal({ open, id, onClose, onSaved }: { open: boolean; id?: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(['message', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const channel = Form.useWatch('channel', form) ?? 'insite';
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [lang, setLang] = useState<string>('ZH_CN');
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setPreview(null);
    setLang('ZH_CN');
    if (!id) {
      form.setFieldsValue({ channel: 'insite', enabled: true, variables: [], contents: {} });
      return;
    }
    setLoading(true);
    getMessageTemplate(id)
      .then((r) =>
        form.setFieldsValue({
          code: r.code,
          name: r.name,
          channel: r.channel,
          enabled: r.status === 1,
          description: r.description,
          variables: r.variables,
          contents: r.contents,
        }),
      )
      .catch(() => close.current())
      .finally(() => setLoading(false));
  }, [open, id, form]);

  const body = (v: Values): MessageTemplateAddBody => ({
    code: v.code,
    name: v.name,
    channel: v.channel,
    status: v.enabled ? 1 : 0,
    description: v.description ?? '',
    variables: (v.variables ?? []).map((x) => ({ name: x.name ?? '', sample: x.sample ?? '' })),
    contents: Object.fromEntries(
      MESSAGE_LANGUAGES.flatMap((l) => {
        const c = v.contents?.[l];
        return c?.body?.trim() ? [[l, { subject: v.channel === 'sms' ? '' : (c.subject ?? ''), body: c.body }]] : [];
      }),
    ),
  });
  const doPreview = async () => {
    const v = form.getFieldsValue(true) as Values;
    const b = body(v);
    try {
      setPreview(await previewMessage({ channel: b.channel, contents: b.contents, variables: b.variables, language: lang as never }));
    } catch {
      /* shown by the client */
    }
  };
  const save = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const b = body({ ...(form.getFieldsValue(true) as Values), ...v });
      if (id) await editMessageTemplate({ id, ...b });
      else await addMessageTemplate(b);
      void message.success(t('template.saved'));
      onSaved();
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={1000}
      title={t(id ? 'template.formEdit' : 'template.formAdd')}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button onClick={() => void doPreview()} data-testid="template-preview">
            {t('preview')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="template-save">
            {t('common:save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" requiredMark>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                name="code"
                label={t('template.code')}
                rules={[
                  { required: true, whitespace: true },
                  { max: MESSAGE_RULES.code.max },
                  { pattern: MESSAGE_RULES.code.pattern, message: t('errors:messagetemplate.code_pattern') },
                ]}
              >
                <Input maxLength={MESSAGE_RULES.code.max} data-testid="template-code" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="name" label={t('template.name')} rules={[{ required: true, whitespace: true }, { max: MESSAGE_RULES.name.max }]}>
                <Input maxLength={MESSAGE_RULES.name.max} data-testid="template-name" />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item name="channel" label={t('template.channel')} rules={[{ required: true }]}>
                <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))} data-testid="template-channel" />
              </Form.Item>
            </Col>
            <Col xs={12} md={3}>
              <Form.Item name="enabled" label={t('status')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label={t('template.variables')} extra={t('template.variablesHint')}>
            <Form.List name="variables">
              {(fields, { add, remove }) => (
                <Space orientation="vertical" style={{ width: '100%' }} size={4}>
                  {fields.map((f) => (
                    <Space.Compact key={f.key} style={{ width: '100%' }}>
                      <Form.Item
                        name={[f.name, 'name']}
                        noStyle
                        rules={[{ required: true, pattern: MESSAGE_RULES.variable.pattern, message: t('errors:messagetemplate.variable_name', { name: '' }) }]}
                      >
                        <Input placeholder={t('template.variableName')} style={{ width: '40%' }} aria-label={t('template.variableName')} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'sample']} noStyle>
                        <Input placeholder={t('template.sample')} aria-label={t('template.sample')} />
                      </Form.Item>
                      <Button icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label={t('common:delete')} />
                    </Space.Compact>
                  ))}
                  {fields.length < MESSAGE_RULES.variable.maxCount && (
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', sample: '' })}>
                      {t('template.addVariable')}
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
          <Typography.Text type="secondary">{t('template.builtins')} </Typography.Text>
          <Space size={4} wrap style={{ marginBottom: 8 }}>
            {BUILTIN_VARIABLES.map((v) => (
              <Tag key={v} style={{ fontFamily: 'monospace' }}>{`{{${v}}}`}</Tag>
            ))}
          </Space>
          <Tabs
            activeKey={lang}
            onChange={setLang}
            items={MESSAGE_LANGUAGES.map((l) => ({
              key: l,
              label: t(`language.${l}`),
              forceRender: true,
              children: (
                <>
                  {channel !== 'sms' && (
                    <Form.Item name={['contents', l, 'subject']} label={t('template.subject')} rules={[{ max: MESSAGE_RULES.subject.max }]}>
                      <Input maxLength={MESSAGE_RULES.subject.max} data-testid={`template-subject-${l}`} />
                    </Form.Item>
                  )}
                  <Form.Item
                    name={['contents', l, 'body']}
                    label={t('template.body')}
                    extra={t(channel === 'email' ? 'template.bodyEmailHint' : 'template.bodyTextHint')}
                  >
                    <Input.TextArea rows={5} maxLength={MESSAGE_RULES.body[channel]} showCount data-testid={`template-body-${l}`} />
                  </Form.Item>
                </>
              ),
            }))}
          />
          <Form.Item name="description" label={t('template.description')} rules={[{ max: MESSAGE_RULES.description.max }]}>
            <Input maxLength={MESSAGE_RULES.description.max} />
          </Form.Item>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('template.previewTitle', { language: t(`language.${preview?.language ?? lang}`) })}
          </Typography.Title>
          {preview ? <PreviewView channel={channel} preview={preview} /> : <Typography.Text type="secondary">{t('template.previewEmpty')}</Typography.Text>}
        </Form>
      </Spin>
    </Modal>
  );
}
