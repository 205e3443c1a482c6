/**
 * A searchable picker of users (SPEC §6 "Application administrators are chosen from users"; SPEC §2
 * "set administrator") as a controlled form field whose value is a list of user ids. Typing searches on
 * the server (`search(keyword)`, one page of 20, debounced); each option shows the user name, the
 * employee name and the user's tenant. `known` carries the rows of the initial value so their tags show
 * names, not ids. Used by product administrators and tenant administrators.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Space, Spin, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AdminUserRow, Paged } from '@mp/protocol';

export interface UserPickerProps {
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Server search: one page of users matching `keyword` (empty = the first users). */
  search: (keyword: string) => Promise<Paged<AdminUserRow>>;
  /** Rows of users already chosen (for their labels). */
  known?: AdminUserRow[];
  placeholder?: string;
  id?: string;
  disabled?: boolean;
  /** Most users that can be chosen. */
  max?: number;
}

const DEBOUNCE_MS = 300;

/** The label of a user: name, employee name and tenant. */
function UserLabel({ u }: { u: AdminUserRow }) {
  return (
    <Space size={6}>
      <UserOutlined style={{ color: '#8c8c8c' }} />
      <span>{u.username}</span>
      {u.employeeName && <Typography.Text type="secondary">{u.employeeName}</Typography.Text>}
      <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
        {u.tenantName}
      </Tag>
    </Space>
  );
}

/** See the module docs. */
export default function UserPicker({ value, onChange, search, known, placeholder, id, disabled, max }: UserPickerProps) {
  const { t } = useTranslation('product');
  const [rows, setRows] = useState<Map<string, AdminUserRow>>(new Map());
  const [found, setFound] = useState<{ ids: string[]; more: number }>({ ids: [], more: 0 });
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const seq = useRef(0);

  const remember = (us: AdminUserRow[]) =>
    setRows((prev) => {
      const next = new Map(prev);
      for (const u of us) next.set(u.id, u);
      return next;
    });
  useEffect(() => {
    if (known) remember(known);
  }, [known]);

  const run = (keyword: string) => {
    clearTimeout(timer.current);
    const mine = ++seq.current;
    setBusy(true);
    timer.current = setTimeout(() => {
      search(keyword.trim())
        .then((page) => {
          if (mine !== seq.current) return;
          remember(page.rows);
          setFound({ ids: page.rows.map((u) => u.id), more: Math.max(0, page.records - page.rows.length) });
        })
        .catch(() => {
          /* shown by the client */
        })
        .finally(() => {
          if (mine === seq.current) setBusy(false);
        });
    }, DEBOUNCE_MS);
  };
  useEffect(() => () => clearTimeout(timer.current), []);

  const chosen = value ?? [];
  const options = useMemo(() => {
    const ids = [...new Set([...found.ids, ...chosen])];
    return ids.map((uid) => {
      const u = rows.get(uid);
      return { value: uid, label: u ? <UserLabel u={u} /> : uid, title: u ? `${u.username} ${u.employeeName} (${u.tenantName})` : uid };
    });
  }, [found, chosen, rows]);

  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      value={chosen}
      onChange={(ids) => onChange?.(max ? ids.slice(0, max) : ids)}
      options={options}
      disabled={disabled}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: run }}
      onOpenChange={(open) => {
        if (open && !found.ids.length) run('');
      }}
      notFoundContent={busy ? <Spin size="small" /> : t('picker.noMatch')}
      popupRender={(menu) => (
        <>
          {menu}
          {found.more > 0 && !busy && (
            <Typography.Text type="secondary" style={{ display: 'block', padding: '6px 12px', fontSize: 12 }}>
              {t('picker.more', { count: found.more })}
            </Typography.Text>
          )}
        </>
      )}
      style={{ width: '100%' }}
      allowClear
    />
  );
}
