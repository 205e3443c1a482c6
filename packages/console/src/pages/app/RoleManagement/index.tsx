/**
 * Application roles with permission templates (issue 15 "App roles"; SPEC §2 App roleManagement, generic
 * grids and "permission configuration from a template tree"; §3 Role; §5 Role; docs/applications.md
 * "Application roles and permission templates"). Left: the template tree (TemplatePanel: add, modify,
 * delete, move, menu and API authorisation of a template). Right: the role grid of the chosen application
 * (search by number, name and status; sort; page; batch delete, enable, disable) with New (optionally from
 * the selected template, kept in sync by default), and per row modify, members, menu / API authorisation,
 * apply template, view and delete. The application is the workbench's choice (AppRequired).
 */
import { useMemo, useRef, useState } from 'react';
import { App, Button, Card, Col, Row, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APP_ROLE_SORT_FIELDS, type AppRoleRow, type AppTemplateNode, type AppTreeKind } from '@mp/protocol';
import AppRequired from '../../../components/AppRequired';
import DataGrid, { useStatusSearchField, type DataGridHandle, type SearchField } from '../../../components/DataGrid';
import { appTemplateTree, deleteAppRoles, listAppRoles, setAppRoleStatus, type AppRoleFilters, type GrantOwnerRef } from '../../../api/app-roles';
import type { CurrentApp } from '../../../stores/current-app';
import { APP_ROLE_TABLE_WIDTH, useAppRoleColumns, type AppRoleDialog, type AppRoleRowActions } from './columns';
import AppRoleFormModal from './role-form-modal';
import AppRoleMembersModal from './members-modal';
import OwnerGrantModal from './grant-modal';
import AppRoleViewModal from './view-modal';
import ApplyTemplateModal from './apply-template-modal';
import TemplatePanel, { findTemplate } from './template-panel';

export default function AppRoleManagement() {
  return <AppRequired>{(app) => <RoleScreen app={app} />}</AppRequired>;
}

function RoleScreen({ app }: { app: CurrentApp }) {
  const { t } = useTranslation(['approle', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const [dialog, setDialog] = useState<{ kind: AppRoleDialog | 'add'; row?: AppRoleRow } | null>(null);
  const [templateGrant, setTemplateGrant] = useState<{ node: AppTemplateNode; tree: AppTreeKind } | null>(null);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const { data: templates } = useQuery({ queryKey: ['appTemplates', app.id], queryFn: appTemplateTree });
  const selected = findTemplate(templates, selectedId);
  const statusField = useStatusSearchField();

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['appRoles', app.id] });
    void queryClient.invalidateQueries({ queryKey: ['appTemplates', app.id] });
  };
  const close = () => setDialog(null);
  const rowOf = (kind: AppRoleDialog) => (dialog?.kind === kind ? dialog.row : undefined);
  const actions = useMemo<AppRoleRowActions>(
    () => ({
      open: (kind, row) => setDialog({ kind, row }),
      onDelete: async (row) => {
        try {
          await deleteAppRoles([row.id]);
          void message.success(t('common:deleteSucceeded'));
          grid.current?.clearSelection();
          reload();
        } catch {
          /* shown by the client */
        }
      },
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }),
    [t],
  );
  const columns = useAppRoleColumns(actions);
  const searchFields = useMemo<SearchField[]>(
    () => [{ name: 'code', label: t('search.code'), width: 150 }, { name: 'name', label: t('search.name'), width: 150 }, statusField],
    [t, statusField],
  );

  const grantRole = dialog && (dialog.kind === 'menuGrant' || dialog.kind === 'apiGrant') ? dialog.row : undefined;
  const roleOwner: GrantOwnerRef | undefined = grantRole ? { type: 'role', id: grantRole.id, name: grantRole.name } : undefined;
  const templateOwner: GrantOwnerRef | undefined = templateGrant ? { type: 'template', id: templateGrant.node.id, name: templateGrant.node.name } : undefined;

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="300px" style={{ minWidth: 0 }}>
        <TemplatePanel
          root={templates}
          selected={selected}
          onSelect={(n) => setSelectedId(n?.id)}
          onChanged={reload}
          onGrant={(node, tree) => setTemplateGrant({ node, tree })}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card variant="borderless" className="mp-page-card" title={`${t('title')} - ${app.name}`}>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
            {t('intro')}
          </Typography.Paragraph>
          <DataGrid<AppRoleRow, AppRoleFilters, (typeof APP_ROLE_SORT_FIELDS)[number]>
            sortFields={APP_ROLE_SORT_FIELDS}
            ref={grid}
            title={t('title')}
            queryKey={['appRoles', app.id]}
            fetch={(q) => listAppRoles(q)}
            columns={columns}
            rowKey="id"
            scrollX={APP_ROLE_TABLE_WIDTH}
            searchFields={searchFields}
            actions={
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
                {t('newRole')}
              </Button>
            }
            onBatchDelete={async (ids) => {
              await deleteAppRoles(ids);
              reload();
            }}
            onBatchStatus={(ids, status) => setAppRoleStatus(ids, status)}
          />
        </Card>
      </Col>
      <AppRoleFormModal
        open={dialog?.kind === 'add' || dialog?.kind === 'edit'}
        mode={dialog?.kind === 'edit' ? 'modify' : 'add'}
        row={rowOf('edit')}
        templates={templates}
        defaultTemplateId={selectedId}
        onClose={close}
        onSaved={() => {
          close();
          reload();
        }}
      />
      <AppRoleMembersModal role={rowOf('members')} onClose={close} onChanged={reload} />
      <OwnerGrantModal
        owner={roleOwner}
        tree={dialog?.kind === 'apiGrant' ? 'api' : 'menu'}
        onClose={close}
        onSaved={reload}
        note={grantRole?.templateMode === 'sync' && grantRole.templateName ? t('grant.syncWarning', { template: grantRole.templateName }) : undefined}
      />
      <OwnerGrantModal
        owner={templateOwner}
        tree={templateGrant?.tree ?? 'menu'}
        onClose={() => setTemplateGrant(null)}
        onSaved={reload}
        note={templateGrant && templateGrant.node.syncRoles > 0 ? t('grant.templateHint', { count: templateGrant.node.syncRoles }) : undefined}
      />
      <ApplyTemplateModal
        role={rowOf('applyTemplate')}
        templates={templates}
        onClose={close}
        onApplied={() => {
          close();
          reload();
        }}
      />
      <AppRoleViewModal role={rowOf('viewGrant')} onClose={close} />
    </Row>
  );
}
