/**
 * Organisation-tree authorisation in the tenant area (SPEC §6 organisation-tree grants; issue 5 "the tree
 * loads children lazily"): choose a category, expand the tree one level at a time (only organisations in
 * the caller's data scope), tick organisations — each on its own; a grant covers the subtree — and Save,
 * which replaces the role's grants of that category (`savetenantorgpurview`). The ticked organisations
 * are listed by name above the tree, including ones in levels not loaded.
 *
 * A level comes in pages of PAGE_SIZE (`listtenantorgpurview` is paged like `listorgchildren`): when a
 * level has more, its last node is "Load more (shown of total)", which appends the next page. Ticks are
 * kept by id apart from the loaded levels, so loading more never loses one.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Form, Select, Space, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type RoleRow, type TenantOrgPurviewData, type TenantOrgPurviewNode } from '@mp/protocol';
import { listTenantOrgPurview, saveTenantOrgPurview } from '../../../../api/tenant-role';
import GrantModalFrame from '../../../platformAdmin/RoleManager/components/grant-modal-frame';

export interface OrgGrantModalProps {
  role: RoleRow | undefined;
  onClose: () => void;
}

/** Organisations read per page of a level. */
const PAGE_SIZE = 100;
/** Key prefix of a level's "Load more" node. */
const MORE = 'more:';

/** A loaded level: its pages so far. */
interface Level {
  rows: TenantOrgPurviewNode[];
  page: number;
  records: number;
  lastPage: boolean;
}
type Levels = Record<string, Level>;

/** The level after `data` (a page of it) arrived: page 1 starts it, a later page appends. */
function withPage(prev: Level | undefined, data: TenantOrgPurviewData): Level {
  const seen = new Set(data.page > 1 ? prev?.rows.map((r) => r.id) : []);
  const rows = data.page > 1 && prev ? [...prev.rows, ...data.rows.filter((r) => !seen.has(r.id))] : data.rows;
  return { rows, page: data.page, records: data.records, lastPage: data.lastPage };
}

export default function TenantOrgGrantModal({ role, onClose }: OrgGrantModalProps) {
  const { t } = useTranslation(['tenantrole', 'role']);
  const roleId = role?.roleId ?? '';
  const [category, setCategory] = useState(0);
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'orglevel', roleId, category],
    queryFn: () => listTenantOrgPurview(roleId, category, undefined, 1, PAGE_SIZE),
    enabled: Boolean(role),
    gcTime: 0,
  });
  const [levels, setLevels] = useState<Levels>({});
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loadingMore, setLoadingMore] = useState<string>();

  /** Reads page `page` of the level of `parentId` ('' = tops) into the loaded levels. */
  const readPage = async (parentId: string, page: number) => {
    const level = await listTenantOrgPurview(roleId, category, parentId || undefined, page, PAGE_SIZE);
    setLevels((prev) => ({ ...prev, [parentId]: withPage(prev[parentId], level) }));
    setNames((prev) => new Map([...prev, ...level.rows.map((r) => [r.id, r.name] as const)]));
    return level;
  };

  useEffect(() => {
    if (!data) return;
    setLevels({ '': withPage(undefined, data) });
    setNames(new Map([...data.granted.map((g) => [g.id, g.name] as const), ...data.rows.map((r) => [r.id, r.name] as const)]));
    setChecked(data.granted.map((g) => g.id));
    setExpanded([]);
    // open the first level below a single top, as the left tree does
    const top = data.rows.length === 1 ? data.rows[0] : undefined;
    if (top?.hasChildren)
      void readPage(top.id, 1)
        .then(() => setExpanded((prev) => (prev.includes(top.id) ? prev : [top.id, ...prev])))
        .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  useEffect(() => {
    if (!role) setCategory(0);
  }, [role]);

  const loadMore = async (parentId: string) => {
    const level = levels[parentId];
    if (!level || level.lastPage || loadingMore) return;
    setLoadingMore(parentId);
    try {
      await readPage(parentId, level.page + 1);
    } finally {
      setLoadingMore(undefined);
    }
  };

  const tree = useMemo(() => {
    const build = (parentId: string): TreeDataNode[] => {
      const level = levels[parentId];
      if (!level) return [];
      const nodes: TreeDataNode[] = level.rows.map((n) => ({
        key: n.id,
        title: `${n.name} (${n.code})`,
        isLeaf: !n.hasChildren,
        children: levels[n.id] ? build(n.id) : undefined,
      }));
      if (!level.lastPage) {
        nodes.push({
          key: `${MORE}${parentId}`,
          isLeaf: true,
          checkable: false,
          selectable: false,
          title: (
            <Button
              type="link"
              size="small"
              style={{ padding: 0 }}
              loading={loadingMore === parentId}
              data-testid="org-grant-more"
              onClick={(e) => {
                e.stopPropagation();
                void loadMore(parentId);
              }}
            >
              {t('org.loadMore', { shown: level.rows.length, total: level.records })}
            </Button>
          ),
        });
      }
      return nodes;
    };
    return build('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [levels, loadingMore, t]);

  return (
    <GrantModalFrame
      open={Boolean(role)}
      title={t('role:grant.orgTitle', { name: role?.roleName ?? '' })}
      hint={t('org.hint')}
      loading={isLoading}
      onSave={() =>
        saveTenantOrgPurview(
          roleId,
          category,
          checked.map((dpDataid) => ({ dpDataid, dpPurview: Purview.READ })),
        )
      }
      onClose={onClose}
    >
      <Form layout="inline" style={{ marginBottom: 8 }}>
        <Form.Item label={t('role:grant.category')}>
          <Select
            aria-label={t('role:grant.category')}
            value={category}
            onChange={setCategory}
            style={{ width: 220 }}
            options={(data?.categories ?? [{ codeKey: 0, codeVal: t('role:mainTree') }]).map((c) => ({ value: c.codeKey, label: c.codeVal }))}
          />
        </Form.Item>
      </Form>
      <Space wrap size={4} style={{ marginBottom: 8 }} data-testid="org-grant-chosen">
        <Typography.Text type="secondary">{t('org.granted')}:</Typography.Text>
        {checked.length ? (
          checked.map((id) => (
            <Tag key={id} closable onClose={() => setChecked((c) => c.filter((x) => x !== id))}>
              {names.get(id) ?? id}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('org.none')}</Typography.Text>
        )}
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
        loadData={async (n) => {
          const key = String(n.key);
          if (!key.startsWith(MORE) && !levels[key]) await readPage(key, 1);
        }}
        onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => !k.startsWith(MORE)))}
      />
    </GrantModalFrame>
  );
}
