/**
 * Organisation–user relations of the application (issue 15; SPEC §2 App `orgUserRelation`; docs/applications.md
 * "Application people"): choose a tenant using the application and an organisation inside its roots; the
 * organisation's members (affiliated users marked and not removable here, members added) are listed, searched,
 * sorted and paged on the server, optionally with sub-organisations; add members among the application's users
 * of that tenant (the shared UserChoiceModal, at least one) and remove them. The tenant area's member columns
 * and texts (pages/tenancy/OrgEmployeeRelation, namespace `orgmember`) are reused.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Space, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORG_MEMBER_SORT_FIELDS, type AppOrgNode, type OrgMemberRow } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid, { type DataGridHandle, type Filters, type SearchField } from '../../../components/DataGrid';
import UserChoiceModal from '../../../components/UserChoiceModal';
import { addAppOrgMembers, deleteAppOrgMembers, listAppOrgCandidates, listAppOrgMembers } from '../../../api/app-users';
import { useOrgCandidateColumns, useOrgMemberColumns } from '../../tenancy/OrgEmployeeRelation/components/member-columns';
import { AppOrgTreeSelect, TenantChoice } from '../AppOrg/components/app-org-pickers';

export default function OrgUserRelationPage() {
  return <AppRequired>{() => <OrgUserRelation />}</AppRequired>;
}

function OrgUserRelation() {
  const { t } = useTranslation(['appuser', 'orgmember', 'common']);
  const { message } = App.useApp();
  const grid = useRef<DataGridHandle>(null);
  const [tenantId, setTenantId] = useState<string | undefined>();
  const [org, setOrg] = useState<AppOrgNode | undefined>();
  const [includeSub, setIncludeSub] = useState(false);
  const [adding, setAdding] = useState(false);
  const orgId = org?.id ?? '';

  const changed = useCallback(() => {
    grid.current?.clearSelection();
    grid.current?.reload();
  }, []);
  const removeOne = useCallback(
    (row: OrgMemberRow) => {
      if (!tenantId) return;
      deleteAppOrgMembers(tenantId, row.orgId, [row.userId])
        .then(() => {
          void message.success(t('orgmember:removed'));
          changed();
        })
        .catch(() => undefined);
    },
    [tenantId, changed, message, t],
  );
  const columns = useOrgMemberColumns(removeOne);
  const candidateColumns = useOrgCandidateColumns();
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('orgmember:keyword'), width: 220 }], [t]);

  return (
    <Card variant="borderless" className="mp-page-card" title={t('relationTitle')}>
      <Typography.Paragraph type="secondary">{t('relationIntro')}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <TenantChoice
          value={tenantId}
          allowClear={false}
          onChange={(v) => {
            setTenantId(v);
            setOrg(undefined);
          }}
        />
        <AppOrgTreeSelect tenantId={tenantId} value={org?.id} onlyInRoots width={260} onChange={(_v, node) => setOrg(node)} />
      </Space>
      {tenantId && org ? (
        <DataGrid<OrgMemberRow, Filters, (typeof ORG_MEMBER_SORT_FIELDS)[number]>
          sortFields={ORG_MEMBER_SORT_FIELDS}
          key={`${tenantId}:${orgId}:${includeSub}`}
          ref={grid}
          title={t('orgmember:titleOf', { name: org.name })}
          queryKey={['appOrgMembers', tenantId, orgId, includeSub]}
          fetch={(q) => listAppOrgMembers({ ...q, tenantId, orgId, includeSub })}
          columns={columns}
          rowKey="key"
          searchFields={searchFields}
          isRowSelectable={(r) => !r.affiliated && r.orgId === orgId}
          actions={
            <>
              <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                {t('orgmember:add')}
              </Button>
              <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
                {t('orgmember:includeSub')}
              </Checkbox>
            </>
          }
          onBatchDelete={async (_ids, rows) => {
            await deleteAppOrgMembers(
              tenantId,
              orgId,
              rows.map((r) => r.userId),
            );
          }}
        />
      ) : (
        <Alert type="info" showIcon title={t('chooseTenantOrg')} />
      )}
      <UserChoiceModal
        open={adding}
        texts={{
          title: t('orgmember:addTitle', { name: org?.name ?? '' }),
          keyword: t('orgmember:keyword'),
          required: t('orgmember:userRequired'),
          added: t('orgmember:added'),
          selected: (count) => t('orgmember:selected', { count }),
        }}
        columns={candidateColumns}
        queryKey={['appOrgCandidates', tenantId ?? '', orgId]}
        enabled={Boolean(tenantId && orgId)}
        fetchPage={(q) => listAppOrgCandidates({ tenantId: tenantId ?? '', orgId, ...q })}
        onSubmit={(ids) => addAppOrgMembers(tenantId ?? '', orgId, ids)}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          changed();
        }}
      />
    </Card>
  );
}
