/**
 * Organisation members of the tenant area (SPEC §2 orgEmployeeRelation "org members"; docs/tenant-members.md):
 * the organisation tree on the left (TenantOrgTree, the caller's data scope), the chosen organisation's
 * members on the right — users affiliated with it (marked, not removable here) and users added as
 * members — searched by user or employee name, paged and sorted on the server, optionally with every
 * sub-organisation. Add members (UserChoiceModal: at least one) and remove them (selection or per row,
 * after a confirmation). Write buttons show only when the caller's menu grant includes write.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Card, Checkbox, Col, Row } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORG_MEMBER_SORT_FIELDS, type OrgMemberRow, type TenantOrgNode } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type Filters, type SearchField } from '../../../components/DataGrid';
import { TenantOrgTree } from '../../../components/TenantOrgTree';
import { deleteOrgMembers, listOrgMembers } from '../../../api/orgmember';
import { useMenuWritable } from '../../../stores/tenant-purview';
import AddOrgMemberModal from './components/add-member-modal';
import { useOrgMemberColumns } from './components/member-columns';

export default function OrgEmployeeRelation() {
  const { t } = useTranslation(['orgmember', 'common']);
  const { message } = App.useApp();
  const writable = useMenuWritable('orgEmployeeRelation');
  const grid = useRef<DataGridHandle>(null);
  const [org, setOrg] = useState<TenantOrgNode>();
  const [includeSub, setIncludeSub] = useState(false);
  const [adding, setAdding] = useState(false);

  const changed = useCallback(() => {
    grid.current?.clearSelection();
    grid.current?.reload();
  }, []);
  const removeOne = useCallback(
    (row: OrgMemberRow) => {
      deleteOrgMembers([{ orgId: row.orgId, userId: row.userId }])
        .then(() => {
          void message.success(t('removed'));
          changed();
        })
        .catch(() => undefined);
    },
    [changed, message, t],
  );
  const columns = useOrgMemberColumns(writable ? removeOne : undefined);
  const searchFields = useMemo<SearchField[]>(() => [{ name: 'keyword', label: t('keyword'), width: 220 }], [t]);
  const orgId = org?.id ?? '';

  return (
    <Row gutter={16} wrap={false} style={{ alignItems: 'stretch' }}>
      <Col flex="300px">
        <Card variant="borderless" title={t('tree')} styles={{ body: { padding: 12 } }} style={{ height: '100%' }}>
          <TenantOrgTree selectedId={orgId || undefined} onSelect={(n) => setOrg(n)} height={560} />
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card variant="borderless" title={org ? t('titleOf', { name: org.name }) : t('title')}>
          {org ? (
            <DataGrid<OrgMemberRow, Filters, (typeof ORG_MEMBER_SORT_FIELDS)[number]>
              sortFields={ORG_MEMBER_SORT_FIELDS}
              key={`${orgId}:${includeSub}`}
              ref={grid}
              title={t('titleOf', { name: org.name })}
              queryKey={['orgMembers', orgId, includeSub]}
              fetch={(q) => listOrgMembers({ ...q, orgId, includeSub })}
              columns={columns}
              rowKey="key"
              searchFields={searchFields}
              isRowSelectable={(r) => !r.affiliated}
              actions={
                <>
                  {writable && (
                    <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
                      {t('add')}
                    </Button>
                  )}
                  <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
                    {t('includeSub')}
                  </Checkbox>
                </>
              }
              onBatchDelete={
                writable
                  ? async (_ids, rows) => {
                      await deleteOrgMembers(rows.map((r) => ({ orgId: r.orgId, userId: r.userId })));
                    }
                  : undefined
              }
            />
          ) : (
            <Alert type="info" showIcon title={t('chooseOrg')} />
          )}
        </Card>
      </Col>
      <AddOrgMemberModal
        open={adding}
        org={org}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          changed();
        }}
      />
    </Row>
  );
}
