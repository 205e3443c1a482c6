/**
 * Organisation management of the tenant area (SPEC §2 orgManagement, "Organisation relation: tree and a
 * choose-parent dialog"; §3, §5 Organisation; docs/organisations.md): the lazy organisation tree on the
 * left; on the right the grid of the selected organisation's children — or, with "include
 * sub-organisations", its whole subtree — searched by code, name, type and status, paged and sorted on
 * the server. Add (under the selected organisation), modify, choose parent (moves a subtree; its dialog
 * also takes a leaf out of the tree), enable/disable and delete. Everything is limited to the caller's data scope.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card, Checkbox, Col, Row, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ORG_SORT_FIELDS, type TenantOrgNode, type TenantOrgRow } from '@mp/protocol';
import DataGrid, { useRecordActions, useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { TenantOrgTree } from '../../../components/TenantOrgTree';
import { deleteOrgs, listOrgChildren, listOrgs, setOrgStatus } from '../../../api/organisation';
import { useCurrentTenant } from '../../../stores/current-tenant';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { ORG_TABLE_WIDTH, useOrgColumns, type OrgRowActions } from './components/org-columns';
import OrgFormModal from './components/org-form-modal';
import ChooseParentModal from './components/choose-parent-modal';
import { useOrgTypes } from './components/org-type';

interface OrgFilters extends Record<string, unknown> {
  code?: string;
  name?: string;
  type?: number;
  status?: 0 | 1;
}

export default function OrgManagement() {
  const { t } = useTranslation(['organisation', 'common']);
  const tenant = useCurrentTenant();
  /** Control grants: write buttons only when the caller's roles grant the menu with write (the server checks API grants anyway). */
  const writable = useMenuWritable('orgManagement');
  const grid = useRef<DataGridHandle>(null);
  const [picked, setPicked] = useState<TenantOrgNode | undefined>();
  const [includeSub, setIncludeSub] = useState(false);
  const [treeVersion, setTreeVersion] = useState(0);
  const [dialog, setDialog] = useState<{ kind: 'add' | 'edit' | 'parent'; row?: TenantOrgRow } | null>(null);
  const types = useOrgTypes();
  const status = useStatusSearchField();

  // the top of the caller's tree is selected until they pick another organisation
  const { data: tops } = useQuery({ queryKey: ['tenantOrgTops', tenant?.id], queryFn: () => listOrgChildren({ pageSize: 1 }) });
  const selected = picked ?? tops?.rows[0];
  const queryKey = useMemo(() => ['tenantOrgs', tenant?.id, selected?.id, includeSub] as const, [tenant?.id, selected?.id, includeSub]);
  const record = useRecordActions<TenantOrgRow>({ queryKey, grid, setStatus: setOrgStatus, remove: deleteOrgs });
  const changed = () => {
    record.reload();
    setTreeVersion((v) => v + 1);
  };
  const close = () => setDialog(null);

  const actions = useMemo<OrgRowActions>(
    () => ({
      edit: (row) => setDialog({ kind: 'edit', row }),
      chooseParent: (row) => setDialog({ kind: 'parent', row }),
      toggleStatus: async (row) => {
        await record.toggleStatus(row);
        setTreeVersion((v) => v + 1);
      },
      remove: async (row) => {
        await record.remove(row);
        setTreeVersion((v) => v + 1);
      },
    }),
    [record],
  );
  const columns = useOrgColumns(actions, { writable });

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'code', label: t('search.code'), width: 150 },
      { name: 'name', label: t('search.name'), width: 170 },
      { name: 'type', label: t('search.type'), type: 'select', width: 140, options: types.options },
      status,
    ],
    [t, types, status],
  );

  return (
    <Card variant="borderless">
      <Row gutter={16} wrap={false}>
        <Col flex="300px" style={{ minWidth: 0 }}>
          <Card size="small" title={t('tree.title')} styles={{ body: { padding: 12 } }}>
            <TenantOrgTree selectedId={selected?.id} reloadKey={treeVersion} onSelect={setPicked} height={560} />
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Space style={{ marginBottom: 8 }} size="large">
            <Typography.Text strong data-testid="selected-org">
              {selected ? t('selectedOrg', { name: selected.name }) : ''}
            </Typography.Text>
            <Checkbox checked={includeSub} onChange={(e) => setIncludeSub(e.target.checked)}>
              {t('search.includeSub')}
            </Checkbox>
          </Space>
          {selected && (
            <DataGrid<TenantOrgRow, OrgFilters, (typeof ORG_SORT_FIELDS)[number]>
              sortFields={ORG_SORT_FIELDS}
              ref={grid}
              title={t('title')}
              queryKey={queryKey}
              fetch={(q) => listOrgs({ ...q, parentId: selected.id, includeDescendants: includeSub })}
              columns={columns}
              rowKey="id"
              scrollX={ORG_TABLE_WIDTH}
              searchFields={searchFields}
              actions={
                writable ? (
                  <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
                    {t('action.addChild')}
                  </Button>
                ) : undefined
              }
              onBatchDelete={
                writable
                  ? async (ids) => {
                      await deleteOrgs(ids);
                      setTreeVersion((v) => v + 1);
                    }
                  : undefined
              }
              onBatchStatus={
                writable
                  ? async (ids, s) => {
                      await setOrgStatus(ids, s);
                      setTreeVersion((v) => v + 1);
                    }
                  : undefined
              }
              isRowSelectable={(r) => !r.root}
            />
          )}
        </Col>
      </Row>
      <OrgFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        row={dialog?.kind === 'edit' ? dialog.row : undefined}
        parent={selected}
        onClose={close}
        onSaved={() => {
          close();
          changed();
        }}
      />
      <ChooseParentModal
        org={dialog?.kind === 'parent' ? dialog.row : undefined}
        onClose={close}
        onMoved={() => {
          close();
          changed();
        }}
      />
    </Card>
  );
}
