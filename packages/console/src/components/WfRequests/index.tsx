/**
 * The workflow lists (SPEC §1 my task / handle pending, my handled, process initiated; the application's
 * requests in the application area; docs/workflow.md "Screens"): the shared data grid with search, status
 * filter and server paging, and the detail drawer with the step history and the moves the viewer may make.
 */
import { useRef, useState } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WF_LIST_SORT_FIELDS, WF_STATUSES, type WfRequestRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type SearchField } from '../DataGrid';
import { listWfRequests, type WfList } from '../../api/workflow';
import { StatusTags, stepLabel } from './labels';
import DetailDrawer from './detail-drawer';
import RequestModal from './request-modal';
import { TASK_COUNT_KEY } from './task-count';

/** Where "my message" (the in-site inbox of the messages part) lives. */
export const MY_MESSAGE_PATH = '/userAdmin/message';

export default function WfRequests({ list, embedded }: { list: WfList; embedded?: boolean }) {
  const { t } = useTranslation('workflow');
  const grid = useRef<DataGridHandle>(null);
  const qc = useQueryClient();
  const [open, setOpen] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const changed = () => {
    grid.current?.reload();
    void qc.invalidateQueries({ queryKey: TASK_COUNT_KEY });
  };
  const search: SearchField[] = [
    { name: 'keyword', label: t('search.keyword'), width: 240 },
    { name: 'status', label: t('search.status'), type: 'select', options: WF_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    ...(list === 'app'
      ? [{ name: 'inaccessible', label: t('search.inaccessibleOnly'), type: 'select' as const, options: [{ value: 'true', label: t('inaccessible') }] }]
      : []),
  ];
  const columns = [
    {
      title: t('field.target'),
      key: 'target',
      render: (_: unknown, r: WfRequestRow) => (
        <span>
          {t(`kind.${r.kind}`)} · <Typography.Text strong>{r.targetName}</Typography.Text>
        </span>
      ),
    },
    ...(list !== 'initiated'
      ? [
          {
            title: t('field.requester'),
            key: 'requester',
            render: (_: unknown, r: WfRequestRow) => `${r.requesterName}${list === 'app' ? ` · ${r.tenantName}` : ''}`,
          },
        ]
      : []),
    { title: t('field.reason'), dataIndex: 'reason', key: 'reason', ellipsis: true, width: 220 },
    { title: t('field.step'), key: 'step', render: (_: unknown, r: WfRequestRow) => (r.status === 'pending' ? stepLabel(t, r.steps[r.currentStep]) : '—') },
    { title: t('field.status'), key: 'status', sorter: true, render: (_: unknown, r: WfRequestRow) => <StatusTags t={t} row={r} /> },
    { title: t('field.createdAt'), key: 'createdAt', sorter: true, render: (_: unknown, r: WfRequestRow) => dayjs(r.createdAt).format('YYYY-MM-DD HH:mm') },
    {
      title: t('common:operation'),
      key: 'op',
      fixed: 'right' as const,
      render: (_: unknown, r: WfRequestRow) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpen(r.id)} data-testid="wf-open">
          {list === 'task' ? `${t('op.approve')} / ${t('op.reject')}` : t('op.detail')}
        </Button>
      ),
    },
  ];
  const body = (
    <>
      <Typography.Paragraph type="secondary">
        {t(`intro.${list}`)} {list !== 'app' && <Link to={MY_MESSAGE_PATH}>{t('myMessage')}</Link>}
      </Typography.Paragraph>
      <DataGrid<WfRequestRow>
        ref={grid}
        queryKey={['wf-requests', list]}
        title={t(`title.${list === 'app' ? 'process' : list}`)}
        rowKey="id"
        columns={columns}
        sortFields={WF_LIST_SORT_FIELDS}
        searchFields={search}
        fetch={(q) => listWfRequests(list, { ...q, inaccessible: q.inaccessible === 'true' ? true : undefined } as Parameters<typeof listWfRequests>[1])}
        actions={
          list === 'initiated' ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)} data-testid="wf-new">
              {t('newRequest')}
            </Button>
          ) : undefined
        }
      />
      <DetailDrawer id={open} list={list} onClose={() => setOpen(null)} onChanged={changed} />
      <RequestModal
        open={asking}
        onClose={() => setAsking(false)}
        onDone={() => {
          setAsking(false);
          changed();
        }}
      />
    </>
  );
  if (embedded) return body;
  return (
    <Card variant="borderless" className="mp-page-card" title={<Space>{t(`title.${list}`)}</Space>}>
      {body}
    </Card>
  );
}
