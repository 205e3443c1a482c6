/**
 * The organisation tree picker (SPEC §2 "organisation tree picker"; CONVENTIONS: one shared part): an
 * antd TreeSelect over a tenant's organisation tree, searchable by name or code, as a controlled form
 * field whose value is the organisation id (or ids with `multiple`).
 */
import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrgTreeNode } from '@mp/protocol';
import { listOrgTree } from '../../api/organisation';

export interface OrgTreePickerProps {
  tenantId: string | undefined;
  category?: number;
  value?: string | string[];
  onChange?: (value: string | string[]) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
}

interface Option {
  value: string;
  title: string;
  key: string;
  disabled?: boolean;
  children: Option[];
}

function toOptions(nodes: OrgTreeNode[]): Option[] {
  return nodes.map((n) => ({ value: n.id, key: n.id, title: `${n.name} (${n.code})`, disabled: n.status !== 1, children: toOptions(n.children) }));
}

export default function OrgTreePicker({ tenantId, category = 0, value, onChange, multiple, disabled, placeholder, id }: OrgTreePickerProps) {
  const { t } = useTranslation('common');
  const { data, isFetching } = useQuery({
    queryKey: ['orgTree', tenantId, category],
    queryFn: () => listOrgTree(tenantId!, category),
    enabled: !!tenantId,
  });
  const treeData = useMemo(() => toOptions(data ?? []), [data]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(v: string | string[]) => onChange?.(v)}
      treeData={treeData}
      multiple={multiple}
      disabled={disabled || !tenantId}
      loading={isFetching}
      placeholder={placeholder ?? t('orgPicker.placeholder')}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      allowClear
      style={{ width: '100%' }}
    />
  );
}
