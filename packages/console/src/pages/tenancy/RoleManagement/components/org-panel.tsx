/**
 * The organisation tree on the left of the tenant area's role management (SPEC §2 Role management:
 * organisation tree, "include sub-org roles"): the shared lazy TenantOrgTree (the caller's data scope,
 * with search); selecting an organisation lists its roles, with those of its sub-organisations when ticked.
 */
import { Card, Checkbox } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TenantOrgNode } from '@mp/protocol';
import { TenantOrgTree } from '../../../../components/TenantOrgTree';

export interface OrgPanelProps {
  orgId: string | undefined;
  includeSub: boolean;
  onSelect: (node: TenantOrgNode) => void;
  onIncludeSub: (include: boolean) => void;
}

export default function OrgPanel({ orgId, includeSub, onSelect, onIncludeSub }: OrgPanelProps) {
  const { t } = useTranslation('role');
  return (
    <Card
      size="small"
      title={
        <span>
          <ApartmentOutlined /> {t('orgTree')}
        </span>
      }
      styles={{ body: { padding: 12, minHeight: 420 } }}
    >
      <Checkbox checked={includeSub} onChange={(e) => onIncludeSub(e.target.checked)} style={{ marginBottom: 8 }}>
        {t('includeSub')}
      </Checkbox>
      <TenantOrgTree selectedId={orgId} onSelect={onSelect} height={480} />
    </Card>
  );
}
