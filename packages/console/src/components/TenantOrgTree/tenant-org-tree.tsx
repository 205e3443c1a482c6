/**
 * The left-panel organisation tree of the tenant area (SPEC §2 "Organisation relation: tree"; issue 5
 * "The tree loads children lazily"): an antd Tree that reads one level at a time (`listorgchildren`)
 * and a search box (`searchorg`) that loads and expands the levels down to the hits (their
 * `ancestorIds`), marks them and selects the first; no hit shows 'No results were found' (SPEC §4).
 * What it shows is the caller's data scope (the server decides).
 */
import { useCallback, useMemo, useState, type Key, type ReactNode } from 'react';
import { Empty, Input, Spin, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantOrgNode } from '@mp/protocol';
import { searchOrgs } from '../../api/organisation';
import { useOrgLevels, type OrgLevels } from './use-org-levels';

export interface TenantOrgTreeProps {
  /** Called when a node is selected (by a click or by a search). */
  onSelect?: (node: TenantOrgNode) => void;
  /** The selected organisation id (controlled highlight). */
  selectedId?: string;
  /** Change it to reload the loaded levels (after a write). */
  reloadKey?: unknown;
  /** Organisation category (0 the main tree). */
  category?: number;
  /** Nodes that cannot be chosen (e.g. the organisation itself and its subtree in a choose-parent dialog). */
  disableNode?: (node: TenantOrgNode) => boolean;
  /** Height of the scrolling tree in px (virtual list); default 520. */
  height?: number;
}

interface OrgTreeDataNode extends TreeDataNode {
  node: TenantOrgNode;
}

/** Builds the antd tree data from the loaded levels. */
export function buildTreeData(
  levels: OrgLevels,
  parentId: string,
  render: (n: TenantOrgNode, disabled: boolean) => ReactNode,
  disableNode?: (n: TenantOrgNode) => boolean,
): OrgTreeDataNode[] {
  return (levels[parentId] ?? []).map((n) => ({
    key: n.id,
    node: n,
    title: render(n, disableNode?.(n) ?? false),
    isLeaf: !n.hasChildren,
    disabled: disableNode?.(n) ?? false,
    children: levels[n.id] ? buildTreeData(levels, n.id, render, disableNode) : undefined,
  }));
}

export default function TenantOrgTree({ onSelect, selectedId, reloadKey, category = 0, disableNode, height = 520 }: TenantOrgTreeProps) {
  const { t } = useTranslation(['organisation', 'common']);
  const { levels, loading, loadLevel, ensureLevel } = useOrgLevels(category, reloadKey);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [hits, setHits] = useState<Set<string>>(new Set());
  const [noResult, setNoResult] = useState(false);
  const [searching, setSearching] = useState(false);
  const [autoExpanded, setAutoExpanded] = useState(false);

  // open the tops' first level once
  if (!autoExpanded && levels['']?.length) {
    setAutoExpanded(true);
    const top = levels['']![0]!;
    if (top.hasChildren) {
      setExpanded([top.id]);
      void ensureLevel(top.id);
    }
  }

  const render = useCallback(
    (n: TenantOrgNode, disabled: boolean) => (
      <span className="tenant-org-tree-node" data-org-id={n.id} style={disabled ? { cursor: 'not-allowed' } : undefined}>
        <Typography.Text strong={hits.has(n.id)} mark={hits.has(n.id)} type={n.status === 1 ? undefined : 'secondary'} disabled={disabled}>
          {n.name}
        </Typography.Text>
        {n.status !== 1 && <Tag style={{ marginInlineStart: 6 }}>{t('tree.disabled')}</Tag>}
      </span>
    ),
    [hits, t],
  );
  const treeData = useMemo(() => buildTreeData(levels, '', render, disableNode), [levels, render, disableNode]);

  const search = async (value: string) => {
    const keyword = value.trim();
    setNoResult(false);
    if (!keyword) {
      setHits(new Set());
      return;
    }
    setSearching(true);
    try {
      const found = await searchOrgs({ keyword, category, limit: 50 });
      setHits(new Set(found.map((h) => h.id)));
      setNoResult(!found.length);
      if (!found.length) return;
      const open = new Set<Key>(expanded);
      for (const h of found) {
        for (const a of h.ancestorIds) {
          await ensureLevel(a);
          open.add(a);
        }
      }
      setExpanded([...open]);
      const first = found.find((h) => !disableNode?.(h)) ?? found[0]!;
      onSelect?.(first);
      requestAnimationFrame(() => document.querySelector(`[data-org-id="${CSS.escape(first.id)}"]`)?.scrollIntoView({ block: 'nearest' }));
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="tenant-org-tree">
      <Input.Search
        placeholder={t('tree.search')}
        allowClear
        onSearch={search}
        loading={searching}
        style={{ marginBottom: 12 }}
        aria-label={t('tree.search')}
      />
      {noResult && (
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          {t('tree.noResult')}
        </Typography.Text>
      )}
      <Spin spinning={loading}>
        {treeData.length ? (
          <Tree<OrgTreeDataNode>
            blockNode
            showLine
            height={height}
            treeData={treeData}
            expandedKeys={expanded}
            loadedKeys={Object.keys(levels)}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selectedId ? [selectedId] : []}
            loadData={async (n) => {
              if (!levels[String(n.key)]) await loadLevel(String(n.key));
            }}
            onSelect={(_, info) => {
              if (info.selected) onSelect?.(info.node.node);
            }}
          />
        ) : (
          !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Spin>
    </div>
  );
}
