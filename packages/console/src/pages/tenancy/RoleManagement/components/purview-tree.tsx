/**
 * A checkable permission tree of the role authorisation dialogs (SPEC §2 role authorisation, role API
 * authorisation; §3 API-permission tree node; §4 "ticking write keeps read ticked"; docs/applications.md
 * "Permission tree"): the console's tenant menu or an application's tree. `rw` mode shows Read and Write
 * boxes on each grantable node (write ticks read, clearing read clears write); `api` mode one box. A
 * search box filters by name (case-insensitive, ancestors kept, 'No results were found'); trees of more
 * than a few hundred nodes are virtual (only the rows in view are rendered), so large applications stay usable.
 * Boxes beyond what the caller may grant (`maxPurview`, a role holder's own holdings) are disabled.
 */
import { useMemo, useState } from 'react';
import { Checkbox, Empty, Input, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { Purview } from '@mp/protocol';
import { toggleBit } from '../../../platformAdmin/RoleManager/components/menu-grant-modal';
import { filterTree, mayTick, type PurviewTreeNode } from './purview-tree-model';

export { bitsOfTree, filterTree, itemsOf, mayTick, type PurviewTreeNode } from './purview-tree-model';

const keysOf = (nodes: PurviewTreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);
/** Above this many nodes the tree renders only the rows in view. */
const VIRTUAL_FROM = 300;

export interface PurviewTreeProps {
  nodes: PurviewTreeNode[];
  bits: Map<string, number>;
  mode: 'rw' | 'api';
  onChange: (uniqueId: string, bits: number) => void;
  /** Shown at the right of a node that is not grantable and has no parent (the console menu's root). */
  rootTip?: string;
  ariaLabel: string;
}

export default function PurviewTree({ nodes, bits, mode, onChange, rootTip, ariaLabel }: PurviewTreeProps) {
  const { t } = useTranslation(['role', 'appgrant']);
  const [keyword, setKeyword] = useState('');
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const allKeys = useMemo(() => keysOf(shown), [shown]);
  const byKey = useMemo(() => {
    const m = new Map<string, PurviewTreeNode>();
    const walk = (ns: PurviewTreeNode[]) =>
      ns.forEach((n) => {
        m.set(n.key, n);
        walk(n.children);
      });
    walk(nodes);
    return m;
  }, [nodes]);
  const toTree = (ns: PurviewTreeNode[]): TreeDataNode[] => ns.map((n) => ({ key: n.key, title: n.showName, children: toTree(n.children) }));
  const set = (id: string, bit: number, checked: boolean) => onChange(id, toggleBit(bits.get(id) ?? 0, bit, checked));

  return (
    <>
      <Input.Search
        allowClear
        placeholder={t('appgrant:search')}
        aria-label={t('appgrant:search')}
        style={{ marginBottom: 8 }}
        onSearch={setKeyword}
        onChange={(e) => {
          if (!e.target.value) setKeyword('');
        }}
      />
      {!nodes.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appgrant:noData')} />
      ) : !shown.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('appgrant:noMatch')} />
      ) : (
        <Tree
          key={keyword}
          aria-label={ariaLabel}
          treeData={toTree(shown)}
          defaultExpandedKeys={allKeys}
          height={allKeys.length > VIRTUAL_FROM ? 400 : undefined}
          blockNode
          selectable={false}
          titleRender={(tn) => {
            const n = byKey.get(String(tn.key))!;
            const name = n.showName;
            const p = bits.get(n.uniqueId) ?? 0;
            return (
              <span data-testid={`purview-${n.uniqueId || n.key}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
                <span>
                  {n.grantable ? name : <Typography.Text strong={!!rootTip}>{name}</Typography.Text>}
                  {!n.enabled && <Tag style={{ marginInlineStart: 6 }}>{t('appgrant:disabled')}</Tag>}
                </span>
                {!n.grantable && rootTip && <Typography.Text type="secondary">{rootTip}</Typography.Text>}
                {n.grantable && (
                  // biome-ignore lint/a11y/noStaticElementInteractions: only stops a tick from also selecting the tree node; the checkboxes are the controls
                  // biome-ignore lint/a11y/useKeyWithClickEvents: idem, keys reach the checkboxes themselves
                  <span onClick={(e) => e.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
                    {mode === 'rw' ? (
                      <>
                        <Checkbox
                          aria-label={`${name} ${t('grant.read')}`}
                          checked={Boolean(p & Purview.READ)}
                          disabled={!mayTick(n, p, Purview.READ)}
                          onChange={(e) => set(n.uniqueId, Purview.READ, e.target.checked)}
                        >
                          {t('grant.read')}
                        </Checkbox>
                        <Checkbox
                          aria-label={`${name} ${t('grant.write')}`}
                          checked={Boolean(p & Purview.WRITE)}
                          disabled={!mayTick(n, p, Purview.WRITE)}
                          onChange={(e) => set(n.uniqueId, Purview.WRITE, e.target.checked)}
                        >
                          {t('grant.write')}
                        </Checkbox>
                      </>
                    ) : (
                      <Checkbox
                        aria-label={name}
                        checked={p > 0}
                        disabled={!mayTick(n, p, Purview.READ)}
                        onChange={(e) => onChange(n.uniqueId, e.target.checked ? Purview.READ : Purview.NONE)}
                      />
                    )}
                  </span>
                )}
              </span>
            );
          }}
        />
      )}
    </>
  );
}
