/**
 * Pickers of the application's people screens (issue 15; docs/applications.md "Application people"): the
 * tenant choice (tenants using the application, `listapprootorg`) and a lazy organisation TreeSelect over
 * one tenant's tree (`listapporgtree`, one level per opening, read-only). With `onlyInRoots`, organisations
 * outside the application's roots are shown disabled.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppOrgNode } from '@mp/protocol';
import { listAppOrgLevel, listAppRootTenants } from '../../../../api/app-users';

/** The tenants using the current application (query shared by the three screens). */
export function useAppTenants() {
  return useQuery({ queryKey: ['appRootTenants'], queryFn: () => listAppRootTenants() });
}

export interface TenantChoiceProps {
  value?: string;
  onChange?: (v: string | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  width?: number;
  id?: string;
}

/** A Select of the tenants using the application. */
export function TenantChoice({ value, onChange, allowClear = true, placeholder, width = 220, id }: TenantChoiceProps) {
  const { t } = useTranslation('appuser');
  const { data, isLoading } = useAppTenants();
  return (
    <Select
      id={id}
      data-testid="app-tenant-choice"
      style={{ width }}
      value={value}
      onChange={(v) => onChange?.(v)}
      allowClear={allowClear}
      loading={isLoading}
      placeholder={placeholder ?? t('chooseTenant')}
      showSearch
      optionFilterProp="label"
      options={(data ?? []).map((x) => ({ value: x.tenantId, label: `${x.tenantName} (${x.tenantCode})` }))}
    />
  );
}

interface Option {
  value: string;
  key: string;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
  children?: Option[];
}

export interface AppOrgTreeSelectProps {
  tenantId: string | undefined;
  value?: string;
  onChange?: (v: string | undefined, node?: AppOrgNode) => void;
  onlyInRoots?: boolean;
  initialLabel?: string;
  placeholder?: string;
  width?: number | string;
  id?: string;
}

/** The lazy organisation picker of one tenant (value: organisation id). */
export function AppOrgTreeSelect({ tenantId, value, onChange, onlyInRoots, initialLabel, placeholder, width = '100%', id }: AppOrgTreeSelectProps) {
  const { t } = useTranslation('appuser');
  const [levels, setLevels] = useState<Record<string, AppOrgNode[]>>({});
  const loadLevel = useCallback(
    async (parentId: string) => {
      if (!tenantId) return;
      const rows = await listAppOrgLevel(tenantId, parentId, { noToast: true }).catch(() => [] as AppOrgNode[]);
      setLevels((l) => ({ ...l, [parentId]: rows }));
    },
    [tenantId],
  );
  useEffect(() => {
    setLevels({});
    if (tenantId) void loadLevel('');
  }, [tenantId, loadLevel]);
  const nodes = useMemo(
    () =>
      new Map(
        Object.values(levels)
          .flat()
          .map((n) => [n.id, n]),
      ),
    [levels],
  );
  const treeData = useMemo(() => {
    const build = (parentId: string): Option[] =>
      (levels[parentId] ?? []).map((n) => ({
        value: n.id,
        key: n.id,
        title: n.name,
        isLeaf: !n.hasChildren,
        disabled: !!onlyInRoots && !n.inRoots,
        children: levels[n.id] ? build(n.id) : undefined,
      }));
    return build('');
  }, [levels, onlyInRoots]);
  const label = nodes.get(value ?? '')?.name ?? initialLabel ?? value;
  return (
    <TreeSelect<{ value: string; label: string } | undefined>
      id={id}
      data-testid="app-org-select"
      style={{ width }}
      labelInValue
      disabled={!tenantId}
      value={value ? { value, label: label ?? value } : undefined}
      onChange={(v) => onChange?.(v?.value, v?.value ? nodes.get(v.value) : undefined)}
      treeData={treeData}
      loadData={async (n) => {
        const key = String(n.value);
        if (!levels[key]) await loadLevel(key);
      }}
      allowClear
      placeholder={placeholder ?? t('chooseOrg')}
      popupMatchSelectWidth={false}
    />
  );
}
