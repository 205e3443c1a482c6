/**
 * The viewer of what a role is granted in the tenant area (SPEC §2 "authorisation viewing", §6 "a viewer
 * of granted permissions"): menus with Read / Write, APIs, organisation types and organisations (with
 * their names and categories), and per application the tenant uses its menus, controls and APIs (issue
 * 14), from one call (`listtenantgrantview`). Read-only.
 */
import { Descriptions, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Purview, type RoleRow } from '@mp/protocol';
import { MODAL_WIDTHS } from '../../../../components/FormModal';
import AppGrantView from './app-grant-view';
import { getTenantGrantView } from '../../../../api/tenant-role';

export interface GrantViewModalProps {
  role: RoleRow | undefined;
  onClose: () => void;
}

/** APIs grouped by their menu's name, in the order given. */
function groupByMenu<A extends { menuName: string }>(apis: A[]): [string, A[]][] {
  const groups = new Map<string, A[]>();
  for (const a of apis) groups.set(a.menuName, [...(groups.get(a.menuName) ?? []), a]);
  return [...groups];
}

export default function TenantGrantViewModal({ role, onClose }: GrantViewModalProps) {
  const { t } = useTranslation(['tenantrole', 'role', 'appgrant']);
  const roleId = role?.roleId ?? '';
  const { data, isLoading } = useQuery({ queryKey: ['roleGrant', 'view', roleId], queryFn: () => getTenantGrantView(roleId), enabled: Boolean(role) });
  const none = <Typography.Text type="secondary">{t('role:view.none')}</Typography.Text>;
  return (
    <Modal
      open={Boolean(role)}
      title={t('role:view.title', { name: role?.roleName ?? '' })}
      width={MODAL_WIDTHS.middle}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      styles={{ body: { minHeight: 300, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto' } }}
    >
      {isLoading || !data ? (
        <Spin style={{ display: 'block', marginTop: 48 }} />
      ) : (
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 170 } }}>
          <Descriptions.Item label={t('role:view.menus')}>
            {data.menus.length ? (
              <Space orientation="vertical" size={4} data-testid="view-menus">
                {data.menus.map((m) => (
                  <span key={m.id}>
                    {m.name} {m.purview & Purview.READ ? <Tag color="blue">{t('role:grant.read')}</Tag> : null}
                    {m.purview & Purview.WRITE ? <Tag color="orange">{t('role:grant.write')}</Tag> : null}
                  </span>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('view.apis')}>
            {data.apis.length ? (
              <Space orientation="vertical" size={6} data-testid="view-apis">
                {groupByMenu(data.apis).map(([menuName, apis]) => (
                  <div key={menuName}>
                    <Typography.Text strong>{menuName}</Typography.Text>
                    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4, marginTop: 2 }}>
                      {apis.map((a) => (
                        <Tag key={a.url} style={{ fontFamily: 'monospace', fontSize: 11, marginInlineEnd: 0 }}>
                          {a.url.split('/').pop()}
                        </Tag>
                      ))}
                    </div>
                  </div>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('role:view.orgTypes')}>
            {data.orgTypes.length ? (
              <Space wrap size={4}>
                {data.orgTypes.map((ty) => (
                  <Tag key={ty}>{t(`role:orgType.t${ty}` as never)}</Tag>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('role:view.orgs')}>
            {data.orgs.length ? (
              <Space wrap size={4} data-testid="view-orgs">
                {data.orgs.map((o) => (
                  <Tag key={`${o.orgCategory}:${o.id}`}>{o.name}</Tag>
                ))}
              </Space>
            ) : (
              none
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('appgrant:view.title')}>{data.apps?.length ? <AppGrantView apps={data.apps} /> : none}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
