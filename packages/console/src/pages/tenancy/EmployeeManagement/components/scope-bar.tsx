/**
 * The filters above the tenant user grid that are not text fields: the organisation chosen in the tree
 * (shown by name; "include sub-organisations" widens it to the subtree by path) and the position.
 */
import { Checkbox, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import PositionSelect from './position-select';

export interface ScopeBarProps {
  orgName: string | undefined;
  includeSub: boolean;
  onIncludeSub: (v: boolean) => void;
  stationId: string | undefined;
  onStation: (id: string | undefined) => void;
}

export default function ScopeBar({ orgName, includeSub, onIncludeSub, stationId, onStation }: ScopeBarProps) {
  const { t } = useTranslation('tenantuser');
  return (
    <Space wrap size={20} style={{ marginBottom: 12 }} data-testid="tenant-user-scope">
      <Typography.Text strong>{orgName ? t('scopeOrg', { name: orgName }) : t('scopeAll')}</Typography.Text>
      <Checkbox checked={includeSub} disabled={!orgName} onChange={(e) => onIncludeSub(e.target.checked)}>
        {t('includeSub')}
      </Checkbox>
      <Space size={8}>
        <Typography.Text>{t('station')}</Typography.Text>
        <div role="group" aria-label={t('station')} style={{ width: 200 }}>
          <PositionSelect value={stationId} onChange={(v) => onStation(v)} placeholder={t('stationPlaceholder')} style={{ width: 200 }} />
        </div>
      </Space>
    </Space>
  );
}
