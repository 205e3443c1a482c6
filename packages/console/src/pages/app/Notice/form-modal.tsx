/**
 * Add / edit a notice (draft or withdrawn): title, rich-text body with uploaded images, audience, publish
 * time (empty: when published), expiry, pinned. "Save draft" saves; "Save and publish" saves then publishes
 * (scheduled when the publish time is ahead). Server messages (validation, unknown audience) are toasted.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Button, DatePicker, Form, Input, Modal, Space, Spin, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NOTICE_RULES, type NoticeDetail, type NoticeTargetRow } from '@mp/protocol';
import { RichTextEditor } from '../../../components/RichText';
import { addNotice, editNotice, getNotice, setNoticeStatus } from '../../../api/notices';
import AudienceField from './audience-field';

interface Values {
  title: string;
  body: string;
  targets: NoticeTargetRow[];
  publishAt?: Dayjs | null;
  expireAt?: Dayjs | null;
  pinned: boolean;
}

export default function NoticeFormModal({
  open,
  id,
  onClose,
  onSaved,
}: {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: (n: NoticeDetail) => void;
}) {
  const { t } = useTranslation(['notice', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'publish' | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!id) {
      form.setFieldsValue({ title: '', body: '', targets: [], pinned: false });
      return;
    }
    setLoading(true);
    getNotice(id)
      .then((n) =>
        form.setFieldsValue({
          title: n.title,
          body: n.body,
          targets: n.targets,
          pinned: n.pinned,
          publishAt: n.publishAt ? dayjs(n.publishAt) : null,
          expireAt: n.expireAt ? dayjs(n.expireAt) : null,
        }),
      )
      .catch(() => close.current())
      .finally(() => setLoading(false));
  }, [open, id, form]);

  const save = async (publish: boolean) => {
    const v = await form.validateFields();
    setSaving(publish ? 'publish' : 'draft');
    try {
      const body = {
        title: v.title,
        body: v.body ?? '',
        targets: (v.targets ?? []).map((x) => ({ kind: x.kind, id: x.id })),
        pinned: !!v.pinned,
        publishAt: v.publishAt ? v.publishAt.toISOString() : null,
        expireAt: v.expireAt ? v.expireAt.toISOString() : null,
      };
      let n = id ? await editNotice({ id, ...body }) : await addNotice(body);
      if (publish) {
        n = await setNoticeStatus(n.id, 1);
        void message.success(t(n.state === 'scheduled' ? 'scheduledDone' : 'published'));
      } else void message.success(t('saved'));
      onSaved(n);
      onClose();
    } catch {
      /* shown by the client */
    } finally {
      setSaving(null);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={860}
      title={t(id ? 'formEdit' : 'formAdd')}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose}>{t('common:cancel')}</Button>
          <Button loading={saving === 'draft'} disabled={!!saving} onClick={() => void save(false)} data-testid="notice-save-draft">
            {t('saveDraft')}
          </Button>
          <Button type="primary" loading={saving === 'publish'} disabled={!!saving} onClick={() => void save(true)} data-testid="notice-save-publish">
            {t('saveAndPublish')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="title"
            label={t('titleLabel')}
            rules={[{ required: true, whitespace: true, message: t('errors:notice.title_required') }, { max: NOTICE_RULES.title.max }]}
          >
            <Input maxLength={NOTICE_RULES.title.max} showCount />
          </Form.Item>
          <Form.Item name="body" label={t('body')}>
            <RichTextEditor label={t('body')} />
          </Form.Item>
          <Form.Item name="targets" label={t('audience')} extra={t('audienceHint')}>
            <AudienceField />
          </Form.Item>
          <Space size={16} wrap align="start">
            <Form.Item name="publishAt" label={t('publishAt')} extra={t('publishAtHint')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="expireAt" label={t('expireAt')} extra={t('expireAtHint')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="pinned" label={t('pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Spin>
    </Modal>
  );
}
