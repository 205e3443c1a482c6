/**
 * One audit entry in full (issue 5 "who, when, from where, what, before/after"): who (user name and ID),
 * when, the client address, the action and object by name and code, the request ID, and a readable
 * comparison of before and after — one row per field, changed fields marked, values as pretty JSON
 * side by side (secrets are masked by the server). Values that are not objects are shown side by side whole.
 */
import { useMemo, useState } from 'react';
import { Descriptions, Drawer, Empty, Space, Switch, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLogRow } from '@mp/protocol';
import { codeName } from './codes';
import { formatTime } from './columns';

const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const pretty = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
const preStyle = {
  margin: 0,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
  fontSize: 12,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** Changed fields are tinted (each cell: antd paints cells, not rows). */
const mark = (f: FieldChange) => ({ style: f.changed ? { background: '#fffbe6' } : undefined, 'data-changed': f.changed ? 'true' : undefined });

interface FieldChange {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
  inBefore: boolean;
  inAfter: boolean;
}

/** Top-level fields of `before` and `after`, in first-seen order, each marked changed or not. */
export function compareFields(before: unknown, after: unknown): FieldChange[] | null {
  if (!(isObject(before) || before == null) || !(isObject(after) || after == null) || (before == null && after == null)) return null;
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({ key, before: b[key], after: a[key], inBefore: key in b, inAfter: key in a, changed: pretty(b[key]) !== pretty(a[key]) }));
}

export interface DetailDrawerProps {
  row: AuditLogRow | null;
  onClose: () => void;
}

/** The drawer; closed when `row` is null. */
export default function DetailDrawer({ row, onClose }: DetailDrawerProps) {
  const { t } = useTranslation(['auditlog', 'common']);
  const [changedOnly, setChangedOnly] = useState(false);
  const fields = useMemo(() => (row ? compareFields(row.before, row.after) : null), [row]);
  const changed = fields?.filter((f) => f.changed).length ?? 0;
  const shown = fields && changedOnly ? fields.filter((f) => f.changed) : fields;
  // Text is shown as it is (an empty text as ""); numbers, booleans, objects and lists as pretty JSON.
  const cell = (present: boolean, v: unknown) =>
    present ? <pre style={preStyle}>{typeof v === 'string' && v ? v : pretty(v)}</pre> : <Typography.Text type="secondary">{t('empty')}</Typography.Text>;

  return (
    <Drawer open={Boolean(row)} onClose={onClose} width={820} title={t('detailTitle')} destroyOnHidden>
      {row && (
        <Space direction="vertical" size={20} style={{ width: '100%' }}>
          <Descriptions bordered size="small" column={2} styles={{ label: { width: 120, whiteSpace: 'nowrap' } }}>
            <Descriptions.Item label={t('field.at')}>{formatTime(row.at)}</Descriptions.Item>
            <Descriptions.Item label={t('field.ip')}>{row.ip || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.userAgent')}>{row.userAgent || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.username')}>{row.username || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('field.userId')}>
              <Typography.Text copyable={row.userId ? { text: row.userId } : false} style={{ fontSize: 12 }}>
                {row.userId || '-'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.action')}>
              {codeName(t, 'action', row.action)} <Tag style={{ marginInlineStart: 6 }}>{row.action}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.entity')}>
              {codeName(t, 'entity', row.entity)} <Tag style={{ marginInlineStart: 6 }}>{row.entity}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.entityId')}>
              <Typography.Text copyable={row.entityId ? { text: row.entityId } : false} style={{ fontSize: 12 }}>
                {row.entityId || '-'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.requestId')}>{row.requestId || '-'}</Descriptions.Item>
          </Descriptions>
          {fields ? (
            <div>
              <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }}>
                <Typography.Text type="secondary">{t('changedCount', { count: changed })}</Typography.Text>
                <Space size={6}>
                  <Switch size="small" checked={changedOnly} onChange={setChangedOnly} aria-label={t('changedOnly')} />
                  <span>{t('changedOnly')}</span>
                </Space>
              </Space>
              <Table<FieldChange>
                aria-label={t('detailTitle')}
                size="small"
                bordered
                pagination={false}
                rowKey="key"
                dataSource={shown ?? []}
                columns={[
                  {
                    title: '',
                    dataIndex: 'key',
                    width: 170,
                    onCell: mark,
                    render: (k: string, f) => (
                      <Typography.Text strong={f.changed} style={{ whiteSpace: 'nowrap' }}>
                        {k}
                      </Typography.Text>
                    ),
                  },
                  { title: t('before'), key: 'before', width: '42%', onCell: mark, render: (_, f) => cell(f.inBefore, f.before) },
                  { title: t('after'), key: 'after', width: '42%', onCell: mark, render: (_, f) => cell(f.inAfter, f.after) },
                ]}
              />
            </div>
          ) : row.before == null && row.after == null ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChanges')} />
          ) : (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
              {(['before', 'after'] as const).map((k) => (
                <div key={k}>
                  <Typography.Title level={5}>{t(k)}</Typography.Title>
                  <div style={{ background: '#fafafa', border: '1px solid #f0f0f0', borderRadius: 6, padding: 8 }}>{cell(row[k] != null, row[k])}</div>
                </div>
              ))}
            </div>
          )}
        </Space>
      )}
    </Drawer>
  );
}
