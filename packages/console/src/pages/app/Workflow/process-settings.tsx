/**
 * The application's process steps (docs/workflow.md "Approvers"): up to three organisation manager steps (a
 * tenant role number each; holders whose data scope covers the requester's organisation approve), then —
 * always, last — the application's administrators. Without a saved process the administrators decide alone.
 * The steps are editable only once the saved process is loaded: a step added earlier would be replaced by the
 * loaded ones when they arrive (a skeleton while loading; the failed-load state with a retry on an error).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Space, Steps, Typography, message } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_RULES, type WfStep } from '@mp/protocol';
import { getWfProcess, saveWfProcess } from '../../../api/workflow';
import { LoadFailed } from '../../../components/AppDashboard';
import { stepLabel } from '../../../components/WfRequests/labels';

const ROLE_CODE = /^[A-Za-z0-9_]+$/;

export default function ProcessSettings() {
  const { t } = useTranslation('workflow');
  const q = useQuery({ queryKey: ['wf-process'], queryFn: getWfProcess });
  const [codes, setCodes] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (q.data) setCodes(q.data.steps.flatMap((s) => (s.kind === 'manager' ? [s.roleCode] : [])));
  }, [q.data]);
  const steps: WfStep[] = [...codes.map((roleCode) => ({ kind: 'manager' as const, roleCode: roleCode.trim() })), { kind: 'appAdmin' }];
  const invalid = codes.some((c) => !ROLE_CODE.test(c.trim()));
  const save = async () => {
    setSaving(true);
    try {
      await saveWfProcess(steps);
      void message.success(t('saved'));
      void q.refetch();
    } finally {
      setSaving(false);
    }
  };
  const intro = (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      {t('intro.process')}
    </Typography.Paragraph>
  );
  if (!q.data)
    return (
      <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 680 }}>
        {intro}
        {q.isError ? <LoadFailed onRetry={() => void q.refetch()} /> : <Skeleton active paragraph={{ rows: 3 }} />}
      </Space>
    );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 680 }}>
      {intro}
      {q.data.isDefault && <Alert type="info" showIcon message={t('process.isDefault')} />}
      <Form layout="vertical">
        {codes.map((c, i) => (
          <Form.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: the steps are positions (step i + 1); codes may repeat and have no id
            key={i}
            label={`${i + 1}. ${t('process.roleCode')}`}
            extra={t('process.roleCodeHelp')}
            validateStatus={!c.trim() || !ROLE_CODE.test(c.trim()) ? 'error' : undefined}
            help={!c.trim() ? t('process.roleCodeRequired') : !ROLE_CODE.test(c.trim()) ? t('process.roleCodePattern') : undefined}
          >
            <Space.Compact style={{ width: '100%' }}>
              <Input
                value={c}
                maxLength={30}
                data-testid={`wf-step-${i}`}
                aria-label={`${i + 1}. ${t('process.roleCode')}`}
                onChange={(e) => setCodes(codes.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <Button icon={<DeleteOutlined />} aria-label={t('process.remove')} onClick={() => setCodes(codes.filter((_, j) => j !== i))} />
            </Space.Compact>
          </Form.Item>
        ))}
        <Form.Item label={`${codes.length + 1}. ${t('process.adminLast')}`}>
          <Button
            icon={<PlusOutlined />}
            disabled={codes.length >= WORKFLOW_RULES.steps.max - 1}
            onClick={() => setCodes([...codes, ''])}
            data-testid="wf-add-step"
          >
            {t('process.addManager')}
          </Button>
        </Form.Item>
      </Form>
      <Steps size="small" current={-1} items={steps.map((s) => ({ title: stepLabel(t, s) }))} />
      <Button type="primary" loading={saving} disabled={invalid} onClick={() => void save()} data-testid="wf-save-process">
        {t('process.save')}
      </Button>
    </Space>
  );
}
