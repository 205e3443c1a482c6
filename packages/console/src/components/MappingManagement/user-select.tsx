/**
 * A chooser of one user for a user mapping (SPEC §2 employeeMappingManagement), as a controlled form
 * field: typing searches the tenant's users inside the caller's data scope on the server
 * (`listmappinguser`, user or employee name prefix, debounced); options show the user name, employee
 * name and organisation. `initialLabel` names the current user before any search.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select, Space, Spin, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MappingUserRow } from '@mp/protocol';
import { listMappingUsers } from '../../api/mapping';

export interface UserSelectProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  initialLabel?: string;
  placeholder?: string;
  id?: string;
}

const DEBOUNCE_MS = 300;

export default function UserSelect({ value, onChange, initialLabel, placeholder, id }: UserSelectProps) {
  const { t } = useTranslation('mapping');
  const [rows, setRows] = useState<MappingUserRow[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const seq = useRef(0);

  const run = (keyword: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(async () => {
      const mine = ++seq.current;
      setLoading(true);
      try {
        const page = await listMappingUsers({ keyword: keyword.trim() || undefined, page: 1, pageSize: 20 });
        if (mine === seq.current) setRows(page.rows);
      } catch {
        /* shown by the client */
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, DEBOUNCE_MS);
  };
  useEffect(() => {
    run('');
    return () => clearTimeout(timer.current);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const options = useMemo(() => {
    const list = rows.map((r) => ({
      value: r.id,
      label: r.employeeName ? `${r.username} (${r.employeeName})` : r.username,
      row: r,
    }));
    if (value && initialLabel && !list.some((o) => o.value === value))
      list.unshift({ value, label: initialLabel, row: undefined as unknown as MappingUserRow });
    return list;
  }, [rows, value, initialLabel]);

  return (
    <Select
      id={id}
      value={value}
      onChange={(v?: string) => onChange?.(v)}
      placeholder={placeholder ?? t('user.searchUser')}
      showSearch={{ filterOption: false, onSearch: run }}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={options}
      optionRender={(o) => (
        <Space>
          <UserOutlined />
          <span>{o.label}</span>
          {o.data.row?.orgName && <Typography.Text type="secondary">{o.data.row.orgName}</Typography.Text>}
        </Space>
      )}
    />
  );
}
