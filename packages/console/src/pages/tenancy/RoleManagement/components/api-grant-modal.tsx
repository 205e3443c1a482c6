/**
 * Role API authorisation (SPEC §2 "role API authorisation", §6 "separate API authorisation"; issue 5
 * "API grants decide which calls succeed"): the tenant API catalogue grouped by menu, one box per API
 * (method and address), with "select the APIs of the granted menus" and "clear all". Save replaces the
 * role's API grants (`savetenantapipurview`); members' next calls follow them. Beside it, one tab per
 * application the tenant uses with its API-permission tree (issue 14; app-grant-tabs.tsx), saved after.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, Divider, Space, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RoleRow, TenantApiPurviewGroup } from '@mp/protocol';
import { listTenantApiPurview, saveTenantApiPurview } from '../../../../api/tenant-role';
import GrantModalFrame from '../../../platformAdmin/RoleManager/components/grant-modal-frame';
import { useAppGrantTabs } from './app-grant-tabs';

export interface ApiGrantModalProps {
  role: RoleRow | undefined;
  onClose: () => void;
}

/** The urls of the groups whose menu the role is granted. */
export function apisOfGrantedMenus(groups: TenantApiPurviewGroup[]): string[] {
  return groups.filter((g) => g.menuPurview > 0).flatMap((g) => g.apis.map((a) => a.url));
}

export default function ApiGrantModal({ role, onClose }: ApiGrantModalProps) {
  const { t } = useTranslation(['tenantrole', 'role', 'appgrant']);
  const roleId = role?.roleId ?? '';
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'api', roleId],
    queryFn: () => listTenantApiPurview(roleId),
    enabled: Boolean(role),
    gcTime: 0,
  });
  const [checked, setChecked] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (data) setChecked(new Set(data.flatMap((g) => g.apis.filter((a) => a.granted).map((a) => a.url))));
  }, [data]);
  const groups = useMemo(() => data ?? [], [data]);
  const apps = useAppGrantTabs(roleId, 'api', Boolean(role));

  const toggle = (url: string, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      if (on) next.add(url);
      else next.delete(url);
      return next;
    });
  const toggleGroup = (g: TenantApiPurviewGroup, on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      for (const a of g.apis)
        if (on) next.add(a.url);
        else next.delete(a.url);
      return next;
    });

  const consoleApis = (
    <>
      <Space style={{ marginBottom: 8, justifyContent: 'space-between', width: '100%' }} wrap>
        <Space>
          <Button size="small" onClick={() => setChecked(new Set([...checked, ...apisOfGrantedMenus(groups)]))}>
            {t('api.selectGranted')}
          </Button>
          <Button size="small" onClick={() => setChecked(new Set())}>
            {t('api.clear')}
          </Button>
        </Space>
        <Typography.Text type="secondary" data-testid="api-grant-count">
          {t('api.count', { count: checked.size })}
        </Typography.Text>
      </Space>
      {groups.map((g) => {
        const on = g.apis.filter((a) => checked.has(a.url)).length;
        return (
          <div key={g.menu} data-testid={`api-group-${g.menu}`}>
            <Divider titlePlacement="start" style={{ margin: '12px 0 6px' }}>
              <Checkbox checked={on === g.apis.length} indeterminate={on > 0 && on < g.apis.length} onChange={(e) => toggleGroup(g, e.target.checked)}>
                <Typography.Text strong>{g.menuName}</Typography.Text>
              </Checkbox>
              <Tag color={g.menuPurview ? 'green' : undefined} style={{ marginInlineStart: 4 }}>
                {g.menuPurview ? t('api.menuGranted') : t('api.menuNotGranted')}
              </Tag>
            </Divider>
            <Space orientation="vertical" size={2} style={{ paddingInlineStart: 24, width: '100%' }}>
              {g.apis.map((a) => (
                <Checkbox key={a.url} checked={checked.has(a.url)} onChange={(e) => toggle(a.url, e.target.checked)} aria-label={a.url}>
                  <Tag variant="filled" style={{ fontFamily: 'monospace', fontSize: 11 }}>
                    {a.method}
                  </Tag>
                  <Typography.Text style={{ fontFamily: 'monospace', fontSize: 12 }}>{a.url.replace('/gateway/tenant/plat/', '…/')}</Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </div>
        );
      })}
    </>
  );

  return (
    <GrantModalFrame
      open={Boolean(role)}
      title={t('api.title', { name: role?.roleName ?? '' })}
      hint={t('api.hint')}
      loading={isLoading}
      onSave={async () => {
        await saveTenantApiPurview(roleId, [...checked]);
        await apps.save();
      }}
      onClose={onClose}
    >
      <Tabs size="small" items={[{ key: 'console', label: t('appgrant:consoleTab'), children: consoleApis }, ...apps.tabs]} />
    </GrantModalFrame>
  );
}
