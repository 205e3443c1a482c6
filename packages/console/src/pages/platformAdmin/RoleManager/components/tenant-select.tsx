/**
 * The tenant chooser at the top of data role management (roles are scoped to a tenant; platform
 * administrators manage the data roles of any tenant): a searchable select over `listtenant`, searched
 * on the server by keyword (name, code or abbreviation).
 */
import { useState } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listTenants } from '../../../../api/tenant';

export interface TenantSelectProps {
  value: string;
  onChange: (tenantId: string) => void;
}

export default function TenantSelect({ value, onChange }: TenantSelectProps) {
  const { t } = useTranslation('role');
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: ['tenants', 'roleTenantSelect', keyword],
    queryFn: () => listTenants({ page: 1, pageSize: 50, keyword: keyword || undefined, sortField: 'name', sortOrder: 'ascend' }),
    placeholderData: keepPreviousData,
  });
  const options = (data?.rows ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }));
  return (
    <Select
      aria-label={t('tenant')}
      data-testid="role-tenant-select"
      value={value}
      onChange={onChange}
      options={options}
      loading={isFetching}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('tenantPlaceholder')}
      style={{ width: 320 }}
      onOpenChange={(open) => {
        if (!open) setKeyword('');
      }}
    />
  );
}
