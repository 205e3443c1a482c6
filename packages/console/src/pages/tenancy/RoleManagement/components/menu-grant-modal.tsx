/**
 * Role authorisation in the tenant area (SPEC §2 "role authorisation", §6 menu/control grants; §4
 * "ticking write keeps read ticked"; §5 "root node does not support permission configuration"; issue 14
 * "Grants reach the tenants"): a tab with the console's own tenant menu (as the platform's dialog shows
 * it) and one tab per application the tenant uses, each a tree with Read and Write per menu, page and
 * control. Save replaces the role's tenant menu grants, then those of every application tab opened.
 */
import { useEffect, useMemo, useState } from 'react';
import { Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULTS, type MenuPurviewNode, type RoleRow } from '@mp/protocol';
import { listTenantMenuPurview, saveTenantMenuPurview } from '../../../../api/tenant-role';
import GrantModalFrame from '../../../platformAdmin/RoleManager/components/grant-modal-frame';
import PurviewTree, { bitsOfTree, itemsOf, type PurviewTreeNode } from './purview-tree';
import { useAppGrantTabs } from './app-grant-tabs';

export interface TenantMenuGrantModalProps {
  role: RoleRow | undefined;
  onClose: () => void;
}

/** The tenant menu tree in the shape of the permission tree (the root '0' is not grantable). */
function toPurviewNodes(nodes: MenuPurviewNode[]): (PurviewTreeNode & { purview: number })[] {
  return nodes.map((n) => ({
    key: n.id,
    uniqueId: n.id,
    showName: n.name,
    grantable: n.id !== DEFAULTS.rootMenuId,
    enabled: true,
    purview: n.purview,
    children: toPurviewNodes(n.children),
  }));
}

export default function TenantMenuGrantModal({ role, onClose }: TenantMenuGrantModalProps) {
  const { t } = useTranslation(['role', 'appgrant']);
  const roleId = role?.roleId ?? '';
  const open = Boolean(role);
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'menu', 'tenant', roleId],
    queryFn: () => listTenantMenuPurview(roleId),
    enabled: open,
    gcTime: 0,
  });
  const nodes = useMemo(() => toPurviewNodes(data ?? []), [data]);
  const [bits, setBits] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    setBits(bitsOfTree(nodes));
  }, [nodes]);
  const apps = useAppGrantTabs(roleId, 'rw', open);

  const save = async () => {
    await saveTenantMenuPurview(roleId, itemsOf(bits));
    await apps.save();
  };
  const consoleTree = (
    <PurviewTree
      nodes={nodes}
      bits={bits}
      mode="rw"
      rootTip={t('grant.rootTip')}
      ariaLabel={t('action.menuGrant')}
      onChange={(id, p) => setBits((prev) => new Map(prev).set(id, p))}
    />
  );

  return (
    <GrantModalFrame
      open={open}
      title={t('grant.menuTitle', { name: role?.roleName ?? '' })}
      hint={t('appgrant:menuHint')}
      loading={isLoading}
      onSave={save}
      onClose={onClose}
    >
      <Tabs size="small" items={[{ key: 'console', label: t('appgrant:consoleTab'), children: consoleTree }, ...apps.tabs]} />
    </GrantModalFrame>
  );
}
