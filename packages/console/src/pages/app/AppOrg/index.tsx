/**
 * App root organisation settings (issue 15; SPEC §2 App `org`; docs/applications.md "Application people"):
 * the tenants using the current application, each with the organisations the application serves (its root
 * organisations, shown with their path). Add one through the tenant's lazy organisation picker; remove one
 * after a confirmation (closing its tag). A tenant without roots is served whole. The server refuses an
 * organisation inside a chosen root and folds roots inside a new one.
 */
import { useState } from 'react';
import { App, Button, Card, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppRootTenantRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import { addAppRoots, deleteAppRoots, listAppRootTenants } from '../../../api/app-users';
import { AppOrgTreeSelect } from './components/app-org-pickers';

export default function AppOrgPage() {
  return <AppRequired>{() => <AppOrgSettings />}</AppRequired>;
}

function AppOrgSettings() {
  const { t } = useTranslation(['appuser', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { data, isFetching } = useQuery({ queryKey: ['appRootTenants', keyword], queryFn: () => listAppRootTenants(keyword || undefined) });
  const [adding, setAdding] = useState<AppRootTenantRow | undefined>();
  const [orgId, setOrgId] = useState<string | undefined>();
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['appRootTenants'] });

  const remove = async (tenantId: string, id: string) => {
    try {
      await deleteAppRoots(tenantId, [id]);
      void message.success(t('common:operationSucceeded'));
      reload();
    } catch {
      /* shown by the client */
    }
  };
  const submit = async () => {
    if (!adding || !orgId) {
      void message.warning(t('chooseOrg'));
      return;
    }
    try {
      await addAppRoots(adding.tenantId, [orgId]);
      void message.success(t('common:operationSucceeded'));
      setAdding(undefined);
      reload();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <Card variant="borderless" className="mp-page-card" title={t('orgTitle')}>
      <Typography.Paragraph type="secondary">{t('orgIntro')}</Typography.Paragraph>
      <Input.Search allowClear placeholder={t('keyword')} style={{ width: 280, marginBottom: 12 }} onSearch={(v) => setKeyword(v.trim())} />
      <Table<AppRootTenantRow>
        rowKey="tenantId"
        loading={isFetching}
        dataSource={data ?? []}
        pagination={false}
        locale={{ emptyText: t('noTenants') }}
        columns={[
          { title: t('tenant'), dataIndex: 'tenantName', width: 220 },
          { title: t('tenantCode'), dataIndex: 'tenantCode', width: 160 },
          {
            title: t('roots'),
            key: 'roots',
            render: (_, r) =>
              r.roots.length ? (
                <Space size={[4, 6]} wrap>
                  {r.roots.map((o) => (
                    <Popconfirm
                      key={o.orgId}
                      title={t('removeRootConfirm', { name: o.name })}
                      okText={t('common:ok')}
                      cancelText={t('common:cancel')}
                      onConfirm={() => remove(r.tenantId, o.orgId)}
                    >
                      <Tag color="blue" closable onClose={(e) => e.preventDefault()} data-testid={`root-${o.code}`}>
                        {o.pathNames.join(' / ')}
                      </Tag>
                    </Popconfirm>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('wholeTenant')}</Typography.Text>
              ),
          },
          {
            title: t('common:operation'),
            key: 'op',
            width: 180,
            render: (_, r) => (
              <Button
                type="link"
                icon={<PlusOutlined />}
                onClick={() => {
                  setOrgId(undefined);
                  setAdding(r);
                }}
              >
                {t('addRoot')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={!!adding}
        title={t('addRootTitle', { name: adding?.tenantName ?? '' })}
        onCancel={() => setAdding(undefined)}
        onOk={submit}
        okText={t('common:ok')}
        cancelText={t('common:cancel')}
        destroyOnHidden
      >
        <AppOrgTreeSelect tenantId={adding?.tenantId} value={orgId} onChange={(v) => setOrgId(v)} />
      </Modal>
    </Card>
  );
}
