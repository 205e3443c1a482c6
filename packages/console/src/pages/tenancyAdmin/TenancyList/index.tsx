/**
 * "My tenants" of the tenant administrator (SPEC §2 Tenant admin → tenancyList; docs/tenancy.md): the
 * tenants this user administers as tiles, searched and paged on the server (`listmytenant`). Choosing an
 * enabled tenant makes it the context of every later call (TENANTID, stores/current-tenant.ts) and enters
 * /tenancy, whose menu comes from the server for that tenant; a disabled tenant is shown but not entered.
 */
import { useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MyTenantRow } from '@mp/protocol';
import TileChooser, { type TileChooserTexts } from '../../../components/TileChooser';
import { listMyTenants } from '../../../api/tenancy';
import { useCurrentTenant, useCurrentTenantStore } from '../../../stores/current-tenant';

export default function TenancyList() {
  const { t } = useTranslation('tenant');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const current = useCurrentTenant();
  const choose = useCurrentTenantStore((s) => s.choose);
  const texts = useMemo<TileChooserTexts>(
    () => ({
      title: t('my.title'),
      intro: t('my.intro'),
      search: t('my.search'),
      empty: t('my.empty'),
      current: t('my.current'),
      disabled: t('my.disabled'),
      count: (count) => t('my.count', { count }),
    }),
    [t],
  );
  const open = (tenant: MyTenantRow) => {
    if (tenant.status !== 1) {
      void message.warning(t('my.disabledTip', { name: tenant.name }));
      return;
    }
    choose({ id: tenant.id, code: tenant.code, name: tenant.name, logoUrl: tenant.logoUrl });
    navigate(`/tenancy?tenant=${encodeURIComponent(tenant.id)}`);
  };
  return <TileChooser<MyTenantRow> texts={texts} queryKey="myTenants" fetchPage={listMyTenants} currentId={current?.id} onOpen={open} />;
}
