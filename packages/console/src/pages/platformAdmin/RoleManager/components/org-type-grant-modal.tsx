/**
 * Organisation-type authorisation of one role (SPEC §6 organisation-type grants; §3 types 0–6: none,
 * group, company, department, sub-department, field, franchise store): one box per type; Save replaces
 * the role's organisation-type grants (`saveorgtypepurview`).
 */
import { useEffect, useState } from 'react';
import { Checkbox, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type RoleRow } from '@mp/protocol';
import { useRoleCalls } from './role-calls';
import GrantModalFrame from './grant-modal-frame';

export interface OrgTypeGrantModalProps {
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
}

export default function OrgTypeGrantModal({ tenantId, role, onClose }: OrgTypeGrantModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const { listOrgTypePurview, saveOrgTypePurview } = useRoleCalls();
  const roleId = role?.roleId ?? '';
  const { data, isLoading } = useQuery({
    queryKey: ['roleGrant', 'orgtype', tenantId, roleId],
    queryFn: () => listOrgTypePurview(tenantId, roleId),
    enabled: Boolean(role),
    gcTime: 0,
  });
  const [checked, setChecked] = useState<string[]>([]);
  useEffect(() => {
    if (data) setChecked(data.filter((r) => r.dpPurview > 0).map((r) => r.dpDataid));
  }, [data]);

  const save = () =>
    saveOrgTypePurview(
      tenantId,
      roleId,
      checked.map((dpDataid) => ({ dpDataid, dpPurview: Purview.READ })),
    );

  return (
    <GrantModalFrame
      open={Boolean(role)}
      title={t('grant.orgTypeTitle', { name: role?.roleName ?? '' })}
      hint={t('grant.orgTypeHint')}
      loading={isLoading}
      onSave={save}
      onClose={onClose}
    >
      <Checkbox.Group value={checked} onChange={(v) => setChecked(v.map(String))} style={{ width: '100%' }}>
        <Space orientation="vertical" size={12}>
          {(data ?? []).map((r) => (
            <Checkbox key={r.dpDataid} value={r.dpDataid}>
              {t(`orgType.t${r.type}` as never)}
            </Checkbox>
          ))}
        </Space>
      </Checkbox.Group>
    </GrantModalFrame>
  );
}
