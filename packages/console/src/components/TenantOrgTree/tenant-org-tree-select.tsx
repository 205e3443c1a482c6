/**
 * The organisation field of tenant-area forms (SPEC §2 "organisation tree picker"): a lazy antd
 * TreeSelect whose value is an organisation id. Levels load as they open (`listorgchildren`); typing
 * searches on the server (`searchorg`) and lists the hits; the chosen organisation's name shows even
 * when its level is not loaded (`initialLabel`, else one `getorg`). Only the caller's data scope is
 * offered (the server decides).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OrgSearchHit, TenantOrgNode } from '@mp/protocol';
import { getOrg, searchOrgs } from '../../api/organisation';
import { useOrgLevels, type OrgLevels } from './use-org-levels';

export interface TenantOrgTreeSelectProps {
  value?: string;
  onChange?: (value: string | undefined, node?: TenantOrgNode) => void;
  /** The name to show for `value` before its level is loaded (e.g. the row's organisation name). */
  initialLabel?: string;
  /** Nodes that cannot be chosen (e.g. the organisation itself and its subtree). */
  disableNode?: (node: TenantOrgNode) => boolean;
  category?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
}

interface Option {
  value: string;
  key: string;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
  children?: Option[];
}

function toOptions(levels: OrgLevels, parentId: string, disableNode?: (n: TenantOrgNode) => boolean): Option[] {
  return (levels[parentId] ?? []).map((n) => ({
    value: n.id,
    key: n.id,
    title: n.name,
    isLeaf: !n.hasChildren,
    disabled: disableNode?.(n) ?? false,
    children: levels[n.id] ? toOptions(levels, n.id, disableNode) : undefined,
  }));
}

export default function TenantOrgTreeSelect({
  value,
  onChange,
  initialLabel,
  disableNode,
  category = 0,
  placeholder,
  disabled,
  allowClear = true,
  id,
}: TenantOrgTreeSelectProps) {
  const { t } = useTranslation(['organisation', 'common']);
  const { levels, loading, loadLevel, findNode } = useOrgLevels(category);
  const [keyword, setKeyword] = useState('');
  const [hits, setHits] = useState<OrgSearchHit[]>([]);
  const seq = useRef(0);

  useEffect(() => {
    const k = keyword.trim();
    if (!k) {
      setHits([]);
      return;
    }
    const mine = ++seq.current;
    const timer = setTimeout(() => {
      searchOrgs({ keyword: k, category, limit: 50 }, { noToast: true })
        .then((rows) => {
          if (mine === seq.current) setHits(rows);
        })
        .catch(() => undefined);
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword, category]);

  const known = findNode(value) ?? hits.find((h) => h.id === value);
  const { data: fetched } = useQuery({
    queryKey: ['tenantOrg', value],
    queryFn: () => getOrg(value!, { noToast: true }),
    enabled: !!value && !known && !initialLabel,
    staleTime: 60_000,
  });
  const label = known?.name ?? initialLabel ?? fetched?.name ?? value;

  const treeData = useMemo<Option[]>(
    () =>
      keyword.trim()
        ? hits.map((h) => ({ value: h.id, key: h.id, title: `${h.name} (${h.code})`, isLeaf: true, disabled: disableNode?.(h) ?? false }))
        : toOptions(levels, '', disableNode),
    [keyword, hits, levels, disableNode],
  );

  return (
    <TreeSelect<{ value: string; label: string } | undefined>
      id={id}
      labelInValue
      value={value ? { value, label: label ?? value } : undefined}
      onChange={(v) => {
        const picked = v?.value;
        onChange?.(picked, picked ? (findNode(picked) ?? hits.find((h) => h.id === picked)) : undefined);
        setKeyword('');
      }}
      treeData={treeData}
      loadData={async (n) => {
        const key = String(n.value);
        if (!levels[key]) await loadLevel(key);
      }}
      treeLoadedKeys={Object.keys(levels)}
      showSearch
      searchValue={keyword}
      onSearch={setKeyword}
      filterTreeNode={false}
      loading={loading}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t('common:orgPicker.placeholder')}
      notFoundContent={keyword.trim() ? t('tree.noResult') : undefined}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      styles={{ popup: { root: { minWidth: 320, maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}
