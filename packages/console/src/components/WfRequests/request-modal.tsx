/**
 * The request form (docs/workflow.md "Screens"): an application (those the user's tenant uses and the user
 * may not use yet) or an application role (of the applications the user uses), and the reason (≤ 200).
 */
import { useState } from 'react';
import { Form, Input, Modal, Radio, Select, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_RULES, type WfKind } from '@mp/protocol';
import { addWfRequest, listWfCandidates } from '../../api/workflow';

export default function RequestModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<{ kind: WfKind; targetId: string; reason: string }>();
  const kind = Form.useWatch('kind', form) ?? 'app';
  const [keyword, setKeyword] = useState('');
  const [saving, setSaving] = useState(false);
  const q = useQuery({
    queryKey: ['wf-candidates', kind, keyword],
    queryFn: () => listWfCandidates(kind, { page: 1, pageSize: 50, keyword: keyword || undefined }),
    enabled: open,
  });
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      await addWfRequest(v.kind, v.targetId, v.reason);
      void message.success(t('submitted'));
      form.resetFields();
      onDone();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('requestTitle')} width={680} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'app' }} preserve={false}>
        <Form.Item name="kind" label={t('field.kind')}>
          <Radio.Group
            onChange={() => {
              form.setFieldValue('targetId', undefined);
              setKeyword('');
            }}
            options={[
              { value: 'app', label: t('kind.app') },
              { value: 'approle', label: t('kind.approle') },
            ]}
          />
        </Form.Item>
        <Form.Item name="targetId" label={kind === 'app' ? t('chooseApp') : t('chooseRole')} rules={[{ required: true, message: t('targetRequired') }]}>
          <Select
            showSearch
            filterOption={false}
            onSearch={setKeyword}
            loading={q.isFetching}
            notFoundContent={t('noCandidates')}
            data-testid="wf-target"
            options={(q.data?.rows ?? []).map((r) => ({
              value: r.id,
              label: kind === 'app' ? `${r.name} (${r.code})` : `${r.productName} / ${r.name} (${r.code})`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('field.reason')}
          rules={[{ required: true, whitespace: true, message: t('reasonRequired') }, { max: WORKFLOW_RULES.reason.max }]}
        >
          <Input.TextArea rows={4} maxLength={WORKFLOW_RULES.reason.max} showCount placeholder={t('reasonPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
