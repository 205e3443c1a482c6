/**
 * The application tabs of the role authorisation and role API authorisation dialogs (issue 14 "Grants
 * reach the tenants"; docs/applications.md): one tab per application the tenant uses, each loading its
 * tree when first opened (`listtenantapppurview` / `listtenantappapipurview`) and keeping the ticks while
 * the dialog is open. `save` replaces the role's grants of every application whose tab was opened (one
 * call each, after the dialog's own save); tabs never opened are left as they are.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Space, Spin, Tag, Typography, type TabsProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TenantAppOption } from '@mp/protocol';
import * as api from '../../../../api/app-grants';
import PurviewTree, { bitsOfTree, itemsOf, type PurviewTreeNode } from './purview-tree';

type Mode = 'rw' | 'api';

interface AppTabProps {
  roleId: string;
  app: TenantAppOption;
  mode: Mode;
  bits: Map<string, number> | undefined;
  onBits: (productId: string, bits: Map<string, number>) => void;
}

/** Every uniqueId of a tree the caller may tick. */
const grantableIds = (nodes: PurviewTreeNode[]): string[] =>
  nodes.flatMap((n) => [...(n.grantable && n.maxPurview !== 0 ? [n.uniqueId] : []), ...grantableIds(n.children)]);

function AppTab({ roleId, app, mode, bits, onBits }: AppTabProps) {
  const { t } = useTranslation(['appgrant', 'role']);
  const load = mode === 'rw' ? api.listTenantAppPurview : api.listTenantAppApiPurview;
  const { data, isLoading } = useQuery({ queryKey: ['roleGrant', 'app', mode, roleId, app.productId], queryFn: () => load(roleId, app.productId), gcTime: 0 });
  useEffect(() => {
    if (data && !bits) onBits(app.productId, bitsOfTree(data.rows));
  }, [data, bits, app.productId, onBits]);
  if (isLoading || !data || !bits) return <Spin style={{ display: 'block', marginTop: 48 }} />;
  const change = (id: string, p: number) => onBits(app.productId, new Map(bits).set(id, p));
  return (
    <div data-testid={`app-grant-${app.productId}`}>
      {mode === 'api' && (
        <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }} wrap>
          <Space>
            <Button size="small" onClick={() => onBits(app.productId, new Map([...bits, ...grantableIds(data.rows).map((id) => [id, 1] as const)]))}>
              {t('selectAll')}
            </Button>
            <Button size="small" onClick={() => onBits(app.productId, new Map())}>
              {t('clear')}
            </Button>
          </Space>
          <Typography.Text type="secondary">{t('count', { count: [...bits.values()].filter((p) => p > 0).length })}</Typography.Text>
        </Space>
      )}
      <PurviewTree nodes={data.rows} bits={bits} mode={mode} onChange={change} ariaLabel={app.name} />
    </div>
  );
}

/** The tabs of the applications the tenant uses and the save of the opened ones. */
export function useAppGrantTabs(roleId: string, mode: Mode, open: boolean): { tabs: NonNullable<TabsProps['items']>; save: () => Promise<void> } {
  const { t } = useTranslation(['appgrant']);
  const { data: apps } = useQuery({ queryKey: ['roleGrant', 'apps'], queryFn: api.listTenantApps, enabled: open });
  const [edits, setEdits] = useState<Record<string, Map<string, number>>>({});
  useEffect(() => {
    setEdits({});
  }, [roleId, open]);
  const latest = useRef(edits);
  latest.current = edits;
  const onBits = useRef((productId: string, bits: Map<string, number>) => setEdits((prev) => ({ ...prev, [productId]: bits }))).current;
  const label = (a: TenantAppOption): ReactNode => (
    <span>
      {a.name}
      {a.status !== 1 && <Tag style={{ marginInlineStart: 6 }}>{t('appDisabled')}</Tag>}
    </span>
  );
  const tabs = (apps ?? []).map((a) => ({
    key: a.productId,
    label: label(a),
    children: <AppTab roleId={roleId} app={a} mode={mode} bits={edits[a.productId]} onBits={onBits} />,
  }));
  const save = async () => {
    for (const [productId, bits] of Object.entries(latest.current)) {
      if (mode === 'rw') await api.saveTenantAppPurview(roleId, productId, itemsOf(bits));
      else
        await api.saveTenantAppApiPurview(
          roleId,
          productId,
          itemsOf(bits).map((i) => i.dpDataid),
        );
    }
  };
  return { tabs, save };
}
