/**
 * The audience of a notice as a controlled form field (value = the chosen entries with their names): a
 * kind (tenant, organisation with or without sub-organisations, tenant role, application role, user) and a
 * server-searched choice of the application's candidates (`listnoticetarget`), shown as removable tags.
 */
import { useState } from 'react';
import { Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTICE_TARGET_KINDS, type NoticeTargetKind, type NoticeTargetRow } from '@mp/protocol';
import { listNoticeTargets } from '../../../api/notices';

export interface AudienceFieldProps {
  value?: NoticeTargetRow[];
  onChange?: (v: NoticeTargetRow[]) => void;
  id?: string;
}

const KIND_COLOR: Record<NoticeTargetKind, string> = { tenant: 'blue', org: 'cyan', orgtree: 'geekblue', role: 'purple', approle: 'magenta', user: 'green' };

export default function AudienceField({ value = [], onChange, id }: AudienceFieldProps) {
  const { t } = useTranslation(['notice']);
  const [kind, setKind] = useState<NoticeTargetKind>('tenant');
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['notice-targets', kind, keyword],
    queryFn: () => listNoticeTargets({ kind, keyword: keyword || undefined, pageSize: 20 }, { noLoading: true }),
  });
  const chosen = new Set(value.map((v) => `${v.kind}:${v.id}`));
  const options = (q.data?.rows ?? []).map((r) => ({
    value: r.id,
    label: r.tenantName && kind !== 'tenant' ? `${r.name} · ${r.tenantName}` : r.name,
    disabled: chosen.has(`${kind}:${r.id}`),
    row: r,
  }));
  return (
    <div id={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<NoticeTargetKind>
          value={kind}
          onChange={(k) => {
            setKind(k);
            setKeyword('');
          }}
          style={{ width: 200 }}
          aria-label={t('kindPlaceholder')}
          options={NOTICE_TARGET_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          data-testid="audience-kind"
        />
        <Select
          showSearch={{ filterOption: false, onSearch: (s) => setKeyword(s.trim()) }}
          value={null}
          placeholder={t('targetPlaceholder')}
          aria-label={t('targetPlaceholder')}
          loading={q.isFetching}
          options={options}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="audience-target"
          onChange={(v: string | null) => {
            const o = options.find((x) => x.value === v);
            if (o) onChange?.([...value, { kind, id: o.row.id, name: o.row.name, tenantName: o.row.tenantName }]);
          }}
        />
      </Space.Compact>
      {value.length > 0 && (
        <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="audience-tags">
          {value.map((v) => (
            <Tag
              key={`${v.kind}:${v.id}`}
              color={KIND_COLOR[v.kind]}
              closable
              style={{ marginInlineEnd: 0 }}
              onClose={() => onChange?.(value.filter((x) => !(x.kind === v.kind && x.id === v.id)))}
            >
              {t(`kind.${v.kind}`)}：{v.name}
              {v.tenantName && v.kind !== 'tenant' ? ` · ${v.tenantName}` : ''}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
