/**
 * Organisation-tree authorisation in the tenant area (SPEC §6 organisation-tree grants; issue 5 "the tree
 * loads children lazily"): choose a category, expand the tree one level at a time (only organisations in
 * the caller's data scope), tick organisations — each on its own; a grant covers the subtree — and Save,
 * which replaces the role's grants of that category (`savetenantorgpurview`). The ticked organisations
 * are listed by name above the tree, including ones in levels not loaded.
 */
import { useEffect, useMemo, useState } from 'react';
import { Form, Select, Space, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type RoleRow, type TenantOrgPurviewNode } from '@mp/protocol';
import { listTenantOrgPurview, saveTenantOrgPurview } from '../../../../api/tenant-role';
import GrantModalFrame from '../../../platformAdmin/RoleManager/components/grant-modal-frame';

export interface OrgGrantModalProps {
  role: RoleRow | undefined;
  onClose: () => void;
}

type Levels = Record<string, TenantOrgPurviewNode[]>;

function toTree(levels: Levels, parentId: string): TreeDataNode[] {
  return (levels[parentId] ?? []).map((n) => ({
    key: n.id, title: `${n.name} (${n.code})`, isLeaf: !n.hasChildren,
    children: levels[n.id] ? toTree(levels, n.id) : undefined,
  }));
}

export default function TenantOrgGrantModal({ role, onClose }: OrgGrantModalProps) {
  const { t } = useTranslation(['tenantrole', 'role']);
  const roleId = role?.roleId ?? '';
  const [category, setCategory] = useState(0);
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'orglevel', roleId, category], queryFn: () => listTenantOrgPurview(roleId, category), enabled: Boolean(role), gcTime: 0,
  });
  const [levels, setLevels] = useState<Levels>({});
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  useEffect(() => {
    if (!data) return;
    setLevels({ '': data.rows });
    setNames(new Map([...data.granted.map((g) => [g.id, g.name] as const), ...data.rows.map((r) => [r.id, r.name] as const)]));
    setChecked(data.granted.map((g) => g.id));
    setExpanded([]);
    // open the first level below a single top, as the left tree does
    const top = data.rows.length === 1 ? data.rows[0] : undefined;
    if (top?.hasChildren) {
      void listTenantOrgPurview(roleId, category, top.id).then((level) => {
        setLevels((prev) => ({ ...prev, [top.id]: level.rows }));
        setNames((prev) => new Map([...prev, ...level.rows.map((r) => [r.id, r.name] as const)]));
        setExpanded([top.id]);
      }).catch(() => undefined);
    }
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  useEffect(() => { if (!role) setCategory(0); }, [role]);

  const loadLevel = async (parentId: string) => {
    if (levels[parentId]) return;
    const level = await listTenantOrgPurview(roleId, category, parentId);
    setLevels((prev) => ({ ...prev, [parentId]: level.rows }));
    setNames((prev) => new Map([...prev, ...level.rows.map((r) => [r.id, r.name] as const)]));
  };
  const tree = useMemo(() => toTree(levels, ''), [levels]);

  return (
    <GrantModalFrame open={Boolean(role)} title={t('role:grant.orgTitle', { name: role?.roleName ?? '' })} hint={t('org.hint')} loading={isLoading}
      onSave={() => saveTenantOrgPurview(roleId, category, checked.map((dpDataid) => ({ dpDataid, dpPurview: Purview.READ })))} onClose={onClose}>
      <Form layout="inline" style={{ marginBottom: 8 }}>
        <Form.Item label={t('role:grant.category')}>
          <Select aria-label={t('role:grant.category')} value={category} onChange={setCategory} style={{ width: 220 }}
            options={(data?.categories ?? [{ codeKey: 0, codeVal: t('role:mainTree') }]).map((c) => ({ value: c.codeKey, label: c.codeVal }))} />
        </Form.Item>
      </Form>
      <Space wrap size={4} style={{ marginBottom: 8 }} data-testid="org-grant-chosen">
        <Typography.Text type="secondary">{t('org.granted')}:</Typography.Text>
        {checked.length ? checked.map((id) => <Tag key={id} closable onClose={() => setChecked((c) => c.filter((x) => x !== id))}>{names.get(id) ?? id}</Tag>)
          : <Typography.Text type="secondary">{t('org.none')}</Typography.Text>}
      </Space>
      <Tree
        aria-label={t('role:action.orgGrant')}
        key={category}
        treeData={tree}
        checkable
        checkStrictly
        selectable={false}
        checkedKeys={checked}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        loadData={(n) => loadLevel(String(n.key))}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
    </GrantModalFrame>
  );
}
