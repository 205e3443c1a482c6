/**
 * The viewer of what a role is granted (SPEC §2 "authorisation viewing", §6 "a viewer of granted
 * permissions"): granted menus with their Read / Write bits, granted organisation types, and granted
 * organisations per category. Read-only; answers come from the same list calls as the dialogs.
 */
import { useState } from 'react';
import { Descriptions, Modal, Select, Space, Spin, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type MenuPurviewNode, type OrgPurviewNode, type RoleRow } from '@mp/protocol';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import { listMenuPurviewTree, listOrgPurview, listOrgTypePurview } from '../../../../api/role';

export interface GrantViewModalProps {
  tenantId: string;
  role: RoleRow | undefined;
  onClose: () => void;
}

function flatten<T extends { purview: number; children: T[] }>(nodes: T[], out: T[] = []): T[] {
  for (const n of nodes) {
    if (n.purview) out.push(n);
    flatten(n.children, out);
  }
  return out;
}

export default function GrantViewModal({ tenantId, role, onClose }: GrantViewModalProps) {
  const { t } = useTranslation(['role', 'common']);
  const roleId = role?.roleId ?? '';
  const enabled = Boolean(role);
  const [category, setCategory] = useState(0);
  const menus = useQuery({ queryKey: ['roleGrant', 'menu', tenantId, roleId], queryFn: () => listMenuPurviewTree(tenantId, roleId), enabled });
  const types = useQuery({ queryKey: ['roleGrant', 'orgtype', tenantId, roleId], queryFn: () => listOrgTypePurview(tenantId, roleId), enabled });
  const orgs = useQuery({
    queryKey: ['roleGrant', 'org', tenantId, roleId, category],
    queryFn: () => listOrgPurview(tenantId, roleId, category),
    enabled,
    placeholderData: keepPreviousData,
  });
  const none = <Typography.Text type="secondary">{t('view.none')}</Typography.Text>;

  const grantedMenus = flatten<MenuPurviewNode>(menus.data ?? []);
  const grantedTypes = (types.data ?? []).filter((r) => r.dpPurview > 0);
  const grantedOrgs = flatten<OrgPurviewNode>(orgs.data?.rows ?? []);

  return (
    <Modal
      open={enabled}
      title={t('view.title', { name: role?.roleName ?? '' })}
      width={MODAL_WIDTHS.small}
      onCancel={() => {
        setCategory(0);
        onClose();
      }}
      footer={null}
      destroyOnHidden
      styles={{ body: { minHeight: 300, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      {menus.isLoading || types.isLoading || orgs.isLoading ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 170 } }}>
          <Descriptions.Item label={t('view.menus')}>
            {grantedMenus.length ? (
              <Space orientation="vertical" size={4} data-testid="view-menus">
                {grantedMenus.map((m) => (
                  <span key={m.id}>
                    {m.name} {m.purview & Purview.READ ? <Tag color="blue">{t('grant.read')}</Tag> : null}
                    {m.purview & Purview.WRITE ? <Tag color="orange">{t('grant.write')}</Tag> : null}
                  </span>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('view.orgTypes')}>
            {grantedTypes.length ? (
              <Space wrap size={4}>
                {grantedTypes.map((r) => (
                  <Tag key={r.dpDataid}>{t(`orgType.t${r.type}` as never)}</Tag>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('view.orgs')}>
            <Space orientation="vertical" size={8} style={{ width: '100%' }}>
              <Select
                aria-label={t('grant.category')}
                size="small"
                value={category}
                onChange={setCategory}
                style={{ width: 200 }}
                options={(orgs.data?.categories ?? []).map((c) => ({ value: c.codeKey, label: c.codeVal }))}
              />
              {grantedOrgs.length ? (
                <Space wrap size={4}>
                  {grantedOrgs.map((o) => (
                    <Tag key={o.id}>{o.name}</Tag>
                  ))}
                </Space>
              ) : (
                none
              )}
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
