/**
 * Organisation-tree authorisation of one role (SPEC §6 organisation-tree grants; §3 Organisation
 * category): choose a category (the main tree, or one configured in the code table), tick organisations
 * of that tree — each on its own, parents and children are not linked — and Save, which replaces the
 * role's grants of that category (`saveorgpurview` with orgCategory).
 */
import { useEffect, useState } from 'react';
import { Form, Select, Tree, type TreeDataNode } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type OrgPurviewNode, type RoleRow } from '@mp/protocol';
import { listOrgPurview, saveOrgPurview } from '../../../../api/role';
import GrantModalFrame from './grant-modal-frame';

export interface OrgGrantModalProps {
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
}

/** Tree data and the ids granted in it. */
export function orgTreeOf(nodes: OrgPurviewNode[], granted: string[] = []): { tree: TreeDataNode[]; granted: string[] } {
  const tree = nodes.map((n) => {
    if (n.purview) granted.push(n.id);
    return { key: n.id, title: `${n.name} (${n.code})`, children: orgTreeOf(n.children, granted).tree };
  });
  return { tree, granted };
}

export default function OrgGrantModal({ tenantId, role, onClose }: OrgGrantModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const roleId = role?.roleId ?? '';
  const [category, setCategory] = useState(0);
  const { data, isLoading, isFetching } = useQuery({
    queryKey: ['roleGrant', 'org', tenantId, roleId, category],
    queryFn: () => listOrgPurview(tenantId, roleId, category),
    enabled: Boolean(role),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  const { tree } = orgTreeOf(data?.rows ?? []);
  useEffect(() => {
    if (data) setChecked(orgTreeOf(data.rows).granted);
  }, [data]);
  useEffect(() => {
    if (!role) setCategory(0);
  }, [role]);

  const save = () =>
    saveOrgPurview(
      tenantId,
      roleId,
      category,
      checked.map((dpDataid) => ({ dpDataid, dpPurview: Purview.READ })),
    );

  return (
    <GrantModalFrame
      open={Boolean(role)}
      title={t('grant.orgTitle', { name: role?.roleName ?? '' })}
      hint={t('grant.orgHint')}
      loading={isLoading}
      onSave={save}
      onClose={onClose}
    >
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('grant.category')}>
          <Select
            aria-label={t('grant.category')}
            value={category}
            onChange={setCategory}
            loading={isFetching}
            style={{ width: 220 }}
            options={(data?.categories ?? [{ codeKey: 0, codeVal: t('mainTree') }]).map((c) => ({ value: c.codeKey, label: c.codeVal }))}
          />
        </Form.Item>
      </Form>
      <Tree
        aria-label={t('action.orgGrant')}
        key={category}
        treeData={tree}
        checkable
        checkStrictly
        defaultExpandAll
        selectable={false}
        checkedKeys={checked}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
      />
    </GrantModalFrame>
  );
}
