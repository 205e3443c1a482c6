/**
 * The recipients of a message as a controlled form field: a kind (user, organisation, application role), an
 * "with sub-organisations" switch for organisations, and a server-searched choice of the application's
 * candidates (`listmessagetarget`), shown as removable tags.
 */
import { useState } from 'react';
import { Checkbox, Select, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TARGET_KINDS, type MessageTargetKind } from '@mp/protocol';
import { listMessageTargets } from '../../../api/messages';

/** One chosen recipient entry. */
export interface Recipient {
  kind: MessageTargetKind;
  id: string;
  name: string;
  sub: boolean;
}
export interface RecipientsFieldProps {
  value?: Recipient[];
  onChange?: (v: Recipient[]) => void;
  id?: string;
}

const KIND_COLOR: Record<MessageTargetKind, string> = { user: 'green', org: 'cyan', role: 'magenta' };

export default function RecipientsField({ value = [], onChange, id }: RecipientsFieldProps) {
  const { t } = useTranslation('message');
  const [kind, setKind] = useState<MessageTargetKind>('user');
  const [sub, setSub] = useState(true);
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: ['message-targets', kind, keyword],
    queryFn: () => listMessageTargets({ kind, keyword: keyword || undefined, pageSize: 20 }, { noLoading: true }),
  });
  const chosen = new Set(value.map((v) => `${v.kind}:${v.id}`));
  const options = (q.data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${r.detail}`, disabled: chosen.has(`${kind}:${r.id}`), row: r }));
  return (
    <div id={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Select<MessageTargetKind>
          value={kind}
          onChange={(k) => {
            setKind(k);
            setKeyword('');
          }}
          style={{ width: 170 }}
          aria-label={t('message.audience')}
          options={MESSAGE_TARGET_KINDS.map((k) => ({ value: k, label: t(`message.kind.${k}`) }))}
          data-testid="recipient-kind"
        />
        <Select
          showSearch={{ filterOption: false, onSearch: (s) => setKeyword(s.trim()) }}
          value={null}
          placeholder={t('message.targetPlaceholder')}
          aria-label={t('message.targetPlaceholder')}
          loading={q.isFetching}
          options={options}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="recipient-target"
          onChange={(v: string | null) => {
            const o = options.find((x) => x.value === v);
            if (o) onChange?.([...value, { kind, id: o.row.id, name: o.row.name, sub: kind === 'org' && sub }]);
          }}
        />
      </Space.Compact>
      {kind === 'org' && (
        <Checkbox checked={sub} onChange={(e) => setSub(e.target.checked)} style={{ marginTop: 6 }}>
          {t('message.withSub')}
        </Checkbox>
      )}
      {value.length > 0 && (
        <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 6 }} data-testid="recipient-tags">
          {value.map((v) => (
            <Tag
              key={`${v.kind}:${v.id}`}
              color={KIND_COLOR[v.kind]}
              closable
              style={{ marginInlineEnd: 0 }}
              onClose={() => onChange?.(value.filter((x) => !(x.kind === v.kind && x.id === v.id)))}
            >
              {t(`message.kind.${v.kind}`)}：{v.name}
              {v.kind === 'org' && v.sub ? ` (${t('message.withSub')})` : ''}
            </Tag>
          ))}
        </div>
      )}
    </div>
  );
}
