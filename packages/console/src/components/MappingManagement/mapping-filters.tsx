/**
 * The filters of a mapping grid that the shared search bar cannot hold: the application, and the
 * organisation with its subtree (the lazy TenantOrgTreeSelect). They apply at once; the grid's own
 * search bar keeps the keyword. Laid out like the search bar (an inline form). For user mappings the
 * organisation filters the users of the organisation.
 */
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { TenantOrgTreeSelect } from '../TenantOrgTree';
import type { MappingKind } from '../../api/mapping';
import type { MappingFilterValues } from './kinds';
import AppSelect from './app-select';

export default function MappingFilters({
  kind,
  value,
  onChange,
}: {
  kind: MappingKind;
  value: MappingFilterValues;
  onChange: (v: MappingFilterValues) => void;
}) {
  const { t } = useTranslation('mapping');
  return (
    <Form layout="inline" component="div" style={{ rowGap: 12, marginBottom: 16 }} data-testid="mapping-filters">
      <Form.Item label={t('app')} htmlFor="mapping-filter-app" style={{ marginInlineEnd: 20 }}>
        <AppSelect
          kind={kind}
          id="mapping-filter-app"
          value={value.productId}
          allowClear
          placeholder={t('allApps')}
          style={{ width: 220 }}
          onChange={(productId) => onChange({ ...value, productId })}
        />
      </Form.Item>
      <Form.Item label={t('org.filterOrg')} htmlFor="mapping-filter-org" style={{ marginInlineEnd: 0 }}>
        <div style={{ width: 260 }}>
          <TenantOrgTreeSelect
            id="mapping-filter-org"
            value={value.orgId}
            allowClear
            placeholder={t('org.allOrgs')}
            onChange={(orgId) => onChange({ ...value, orgId: orgId || undefined })}
          />
        </div>
      </Form.Item>
    </Form>
  );
}
