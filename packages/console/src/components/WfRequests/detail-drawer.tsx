/**
 * A request's detail (docs/workflow.md "Screens"): what, why, the process steps with the current one, the
 * step history, and what the viewer may do now — approve / reject with a comment (an approver of the current
 * step), withdraw (the requester, while pending), re-route / close (the application area, when the step has
 * no approver left: SPEC §8 'process error or inaccessible process').
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Modal, Popconfirm, Space, Steps, Timeline, Typography, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { WORKFLOW_RULES } from '@mp/protocol';
import { decideWfRequest, getWfRequest, resolveWfRequest, withdrawWfRequest, type WfList } from '../../api/workflow';
import { StatusTags, stepLabel } from './labels';

type Move = 'approve' | 'reject' | 'reroute' | 'close';

export default function DetailDrawer({ id, list, onClose, onChanged }: { id: string | null; list: WfList; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('workflow');
  const q = useQuery({ queryKey: ['wf-request', id], queryFn: () => getWfRequest(id!), enabled: !!id });
  const [move, setMove] = useState<Move | null>(null);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const d = q.data;
  const row = d?.row;
  const done = (text: string) => {
    void message.success(text);
    setMove(null);
    setComment('');
    void q.refetch();
    onChanged();
  };
  const run = async () => {
    if (!row || !move) return;
    setBusy(true);
    try {
      if (move === 'approve' || move === 'reject')
        await decideWfRequest({ id: row.id, step: row.currentStep, decision: move, comment: comment.trim() || undefined });
      else await resolveWfRequest({ id: row.id, step: row.currentStep, resolution: move, comment: comment.trim() || undefined });
      done(t('decided'));
    } finally {
      setBusy(false);
    }
  };
  const withdraw = async () => {
    if (row) {
      await withdrawWfRequest(row.id);
      done(t('withdrawn'));
    }
  };
  const canResolve = list === 'app' && !!row?.inaccessible;
  const actions = row && (
    <Space wrap>
      {d?.canDecide && (
        <Button type="primary" data-testid="wf-approve" onClick={() => setMove('approve')}>
          {t('op.approve')}
        </Button>
      )}
      {d?.canDecide && (
        <Button danger data-testid="wf-reject" onClick={() => setMove('reject')}>
          {t('op.reject')}
        </Button>
      )}
      {d?.canWithdraw && (
        <Popconfirm title={t('confirmWithdraw')} onConfirm={() => withdraw()}>
          <Button data-testid="wf-withdraw">{t('op.withdraw')}</Button>
        </Popconfirm>
      )}
      {canResolve && row.currentStep < row.steps.length - 1 && (
        <Button onClick={() => setMove('reroute')} data-testid="wf-reroute">
          {t('op.reroute')}
        </Button>
      )}
      {canResolve && (
        <Button danger onClick={() => setMove('close')} data-testid="wf-close">
          {t('op.close')}
        </Button>
      )}
    </Space>
  );
  return (
    <Drawer open={!!id} onClose={onClose} title={t('detailTitle')} size={680} extra={actions} destroyOnHidden>
      {row && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {row.inaccessible && <Alert type="error" showIcon message={t('inaccessible')} description={t('inaccessibleHelp')} />}
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('field.target')}>
              {t(`kind.${row.kind}`)} · {row.targetName}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.requester')}>
              {row.requesterName} · {row.tenantName}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.reason')}>
              <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{row.reason}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.status')}>
              <StatusTags t={t} row={row} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.createdAt')}>{dayjs(row.createdAt).format('YYYY-MM-DD HH:mm:ss')}</Descriptions.Item>
          </Descriptions>
          <Steps
            size="small"
            direction="vertical"
            current={row.currentStep}
            status={row.status === 'rejected' || row.status === 'closed' || row.inaccessible ? 'error' : row.status === 'approved' ? 'finish' : 'process'}
            items={row.steps.map((s, i) => ({
              title: stepLabel(t, s),
              description: i === row.currentStep && row.status === 'pending' ? t('status.pending') : undefined,
            }))}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('history')}
          </Typography.Title>
          <Timeline
            data-testid="wf-history"
            items={d.actions.map((a) => ({
              color: a.action === 'approve' ? 'green' : a.action === 'reject' || a.action === 'close' ? 'red' : 'blue',
              children: (
                <div>
                  <Typography.Text strong>{t(`action.${a.action}`)}</Typography.Text> · {a.actorName} ·{' '}
                  <Typography.Text type="secondary">{dayjs(a.createdAt).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                  {a.comment && (
                    <div>
                      <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{a.comment}</Typography.Text>
                    </div>
                  )}
                </div>
              ),
            }))}
          />
        </Space>
      )}
      <Modal
        open={!!move}
        title={move ? t(`op.${move}`) : ''}
        onCancel={() => setMove(null)}
        onOk={() => void run()}
        confirmLoading={busy}
        okButtonProps={{ danger: move === 'reject' || move === 'close' }}
        destroyOnHidden
      >
        {(move === 'reroute' || move === 'close') && <Typography.Paragraph>{move === 'close' ? t('confirmClose') : t('confirmReroute')}</Typography.Paragraph>}
        <Input.TextArea
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={WORKFLOW_RULES.comment.max}
          showCount
          placeholder={t('commentPlaceholder')}
          aria-label={t('field.comment')}
          data-testid="wf-comment"
        />
      </Modal>
    </Drawer>
  );
}
