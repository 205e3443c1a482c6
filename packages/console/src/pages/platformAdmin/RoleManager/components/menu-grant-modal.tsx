/**
 * Menu authorisation of one role (SPEC §2 "role authorisation", §6 menu grants; §4 "ticking write keeps
 * read ticked"; §5 "root node does not support permission configuration"): the tenant menu under its
 * root, with a Read and a Write box per node. Ticking Write ticks Read; clearing Read clears Write.
 * Save replaces the role's menu grants (`savemenupurview`).
 */
import { useEffect, useState } from 'react';
import { Checkbox, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULTS, normalisePurview, Purview, type MenuPurviewNode, type RoleRow } from '@mp/protocol';
import { useRoleCalls } from './role-calls';
import GrantModalFrame from './grant-modal-frame';

export interface MenuGrantModalProps {
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
}

/** Bits after ticking or clearing `bit`: write keeps read; clearing read clears write. */
export function toggleBit(current: number, bit: number, checked: boolean): number {
  if (checked) return normalisePurview(current | bit);
  return bit === Purview.READ ? Purview.NONE : current & ~bit;
}

function collect(nodes: MenuPurviewNode[], into: Map<string, number>): Map<string, number> {
  for (const n of nodes) {
    if (n.id !== DEFAULTS.rootMenuId && n.purview) into.set(n.id, n.purview);
    collect(n.children, into);
  }
  return into;
}

export default function MenuGrantModal({ tenantId, role, onClose }: MenuGrantModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const { listMenuPurviewTree, saveMenuPurview } = useRoleCalls();
  const roleId = role?.roleId ?? '';
  const key = ['roleGrant', 'menu', tenantId, roleId];
  const { data, isLoading } = useQuery({ queryKey: key, queryFn: () => listMenuPurviewTree(tenantId, roleId), enabled: Boolean(role), gcTime: 0 });
  const [bits, setBits] = useState<Map<string, number>>(new Map());
  useEffect(() => {
    if (data) setBits(collect(data, new Map()));
  }, [data]);

  const set = (id: string, bit: number, checked: boolean) => setBits((prev) => new Map(prev).set(id, toggleBit(prev.get(id) ?? 0, bit, checked)));

  const toTree = (nodes: MenuPurviewNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.name, children: toTree(n.children) }));

  const save = () => {
    const items = [...bits].filter(([, p]) => p > 0).map(([dpDataid, dpPurview]) => ({ dpDataid, dpPurview }));
    return saveMenuPurview(tenantId, roleId, items);
  };

  return (
    <GrantModalFrame
      open={Boolean(role)}
      title={t('grant.menuTitle', { name: role?.roleName ?? '' })}
      hint={t('grant.writeHint')}
      loading={isLoading}
      onSave={save}
      onClose={onClose}
    >
      <Tree
        aria-label={t('action.menuGrant')}
        treeData={toTree(data ?? [])}
        defaultExpandAll
        blockNode
        selectable={false}
        titleRender={(n) => {
          const id = String(n.key);
          const name = String(n.title);
          if (id === DEFAULTS.rootMenuId) {
            return (
              <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                <Typography.Text strong>{name}</Typography.Text>
                <Typography.Text type="secondary">{t('grant.rootTip')}</Typography.Text>
              </span>
            );
          }
          const p = bits.get(id) ?? 0;
          return (
            <span data-testid={`menu-grant-${id}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
              <span>{name}</span>
              {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops a tick from also selecting the tree node; the checkboxes are the controls */}
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: idem, keys reach the checkboxes themselves */}
              <span onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  aria-label={`${name} ${t('grant.read')}`}
                  checked={Boolean(p & Purview.READ)}
                  onChange={(e) => set(id, Purview.READ, e.target.checked)}
                >
                  {t('grant.read')}
                </Checkbox>
                <Checkbox
                  aria-label={`${name} ${t('grant.write')}`}
                  checked={Boolean(p & Purview.WRITE)}
                  onChange={(e) => set(id, Purview.WRITE, e.target.checked)}
                >
                  {t('grant.write')}
                </Checkbox>
              </span>
            </span>
          );
        }}
      />
    </GrantModalFrame>
  );
}
