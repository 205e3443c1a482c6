/**
 * The organisation element library of the tenant area (SPEC §2 baseOrgManagement; §3 Organisation
 * relation types "complex org (tree), single org"; docs/organisations.md): the flat, paged list of all
 * the tenant's organisations in the caller's scope — searched by code, name, type, status and "single
 * organisations only" (not placed in the tree), sorted and paged on the server — where elements are
 * added, modified, enabled/disabled, deleted, imported (a background job with a per-row report) and
 * exported. "Choose parent" places an element in the tree (organisation management); a single
 * organisation then becomes part of the complex organisation.
 */
import { useMemo, useRef, useState } from 'react';
import { Button, Card } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ORG_SORT_FIELDS, Paths, type TenantOrgRow } from '@mp/protocol';
import DataGrid, { useRecordActions, useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { useImportJob } from '../../../components/ImportJob';
import { deleteOrgs, downloadOrgTemplate, exportOrgs, listOrgs, setOrgStatus } from '../../../api/organisation';
import { useCurrentTenant } from '../../../stores/current-tenant';
import { useMenuWritable } from '../../../stores/tenant-purview';
import { ORG_TABLE_WIDTH, useOrgColumns, type OrgRowActions } from '../OrgManagement/components/org-columns';
import OrgFormModal from '../OrgManagement/components/org-form-modal';
import ChooseParentModal from '../OrgManagement/components/choose-parent-modal';
import { useOrgTypes } from '../OrgManagement/components/org-type';

interface LibraryFilters extends Record<string, unknown> {
  code?: string;
  name?: string;
  type?: number;
  status?: 0 | 1;
  singleOnly?: number;
}

export default function BaseOrgManagement() {
  const { t } = useTranslation(['organisation', 'common']);
  const tenant = useCurrentTenant();
  /** Control grants: write buttons only when the caller's roles grant the menu with write (the server checks API grants anyway). */
  const writable = useMenuWritable('baseOrgManagement');
  const grid = useRef<DataGridHandle>(null);
  const [dialog, setDialog] = useState<{ kind: 'add' | 'edit' | 'parent'; row?: TenantOrgRow } | null>(null);
  const types = useOrgTypes();
  const status = useStatusSearchField();
  const queryKey = useMemo(() => ['tenantOrgLibrary', tenant?.id] as const, [tenant?.id]);
  const record = useRecordActions<TenantOrgRow>({ queryKey, grid, setStatus: setOrgStatus, remove: deleteOrgs });
  const close = () => setDialog(null);
  const importJob = useImportJob({ uploadPath: Paths.importorg, onDone: () => record.reload() });

  const actions = useMemo<OrgRowActions>(
    () => ({
      edit: (row) => setDialog({ kind: 'edit', row }),
      chooseParent: (row) => setDialog({ kind: 'parent', row }),
      toggleStatus: (row) => record.toggleStatus(row),
      remove: (row) => record.remove(row),
    }),
    [record],
  );
  const columns = useOrgColumns(actions, { library: true, writable });

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'code', label: t('search.code'), width: 150 },
      { name: 'name', label: t('search.name'), width: 170 },
      { name: 'type', label: t('search.type'), type: 'select', width: 140, options: types.options },
      status,
      { name: 'singleOnly', label: t('field.relation'), type: 'select', width: 160, options: [{ label: t('relation.single'), value: 1 }] },
    ],
    [t, types, status],
  );

  const toBody = (f: LibraryFilters) => ({ ...f, singleOnly: f.singleOnly === 1 ? true : undefined });

  return (
    <Card variant="borderless">
      <DataGrid<TenantOrgRow, LibraryFilters, (typeof ORG_SORT_FIELDS)[number]>
        sortFields={ORG_SORT_FIELDS}
        ref={grid}
        title={t('libraryTitle')}
        queryKey={queryKey}
        fetch={(q) => listOrgs(toBody(q))}
        columns={columns}
        rowKey="id"
        scrollX={ORG_TABLE_WIDTH + 150}
        searchFields={searchFields}
        actions={
          writable ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('action.addSingle')}
            </Button>
          ) : undefined
        }
        onBatchDelete={writable ? (ids) => deleteOrgs(ids) : undefined}
        onBatchStatus={writable ? (ids, s) => setOrgStatus(ids, s) : undefined}
        isRowSelectable={(r) => !r.root}
        onImport={writable ? importJob.onImport : undefined}
        importAsJob
        onDownloadTemplate={() => downloadOrgTemplate(`${t('exportFile')}-template.xlsx`)}
        onExport={(f) => exportOrgs(toBody(f), `${t('exportFile')}.xlsx`)}
      />
      {importJob.dialog}
      <OrgFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        row={dialog?.kind === 'edit' ? dialog.row : undefined}
        onClose={close}
        onSaved={() => {
          close();
          record.reload();
        }}
      />
      <ChooseParentModal
        org={dialog?.kind === 'parent' ? dialog.row : undefined}
        onClose={close}
        onMoved={() => {
          close();
          record.reload();
        }}
      />
    </Card>
  );
}
