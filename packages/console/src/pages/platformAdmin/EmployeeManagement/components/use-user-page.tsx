/**
 * The wiring the platform's and the tenant area's user pages share (SPEC §2 Platform admin and Tenant →
 * employeeManagement; docs/tenant-users.md): the grid handle and reload; the row operations (modify,
 * enable/disable, lock/unlock and delete after confirmation naming the user, reset password); the search
 * fields (keyword, user name, employee name and code, mobile, status, lock state); the list query built
 * from the search bar's values and the page's scope (tenant, organisation, position…); and the form and
 * reset-password dialogs. What differs is a parameter: the query key, the calls, the form's variant or
 * starting tenant, and `compact` (the tenant page has the organisation tree beside the grid: narrower
 * search fields, no employee-code field).
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status, type StatusValue, type UserRow } from '@mp/protocol';
import { useStatusSearchField, type DataGridHandle, type SearchField } from '../../../../components/DataGrid';
import type { OpenMode } from '../../../../components/FormModal';
import type { UserRowActions } from './columns';
import FaceDialog from '../../../../components/FaceDialog';
import type { FaceCalls } from '../../../../api/face';
import UserFormModal, { type UserFormVariant } from './user-form-modal';
import ResetPasswordModal from './reset-password-modal';

/** The calls of the page's area (the platform's or the tenant's). */
export interface UserPageCalls {
  setStatus: (ids: string[], status: StatusValue) => Promise<unknown>;
  setLock: (ids: string[], locked: boolean) => Promise<unknown>;
  remove: (ids: string[]) => Promise<unknown>;
  /** Sets a password (default: the platform's call). */
  resetPassword?: (id: string, password: string) => Promise<void>;
  /** The face-registration calls for a user (issue 18; absent: no face action). */
  face?: (id: string) => FaceCalls;
}

export interface UserPageOptions {
  /** The grid's query key; invalidated after every change. */
  queryKey: readonly string[];
  calls: UserPageCalls;
  /** Narrower search fields without the employee code (a tree beside the grid). */
  compact?: boolean;
  /** The tenant area's form layout and calls. */
  variant?: UserFormVariant;
  /** The tenant a new user starts in (platform page). */
  defaultTenantId?: string;
}

/** The shared state and handlers of a user page; see the module docs. */
export function useUserPage({ queryKey, calls, compact, variant, defaultTenantId }: UserPageOptions) {
  const { t } = useTranslation(['user', 'common']);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const grid = useRef<DataGridHandle>(null);
  const [form, setForm] = useState<{ open: boolean; mode: OpenMode; row?: UserRow }>({ open: false, mode: 'add' });
  const [resetting, setResetting] = useState<UserRow | undefined>();
  const [facing, setFacing] = useState<UserRow | undefined>();

  const reload = () => void queryClient.invalidateQueries({ queryKey });
  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      void message.success(done);
      grid.current?.clearSelection();
      reload();
    } catch {
      /* shown by the client */
    }
  };

  const actions = useMemo<UserRowActions>(
    () => ({
      onEdit: (row) => setForm({ open: true, mode: 'modify', row }),
      onToggleStatus: (row) =>
        run(() => calls.setStatus([row.id], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED), t('common:operationSucceeded')),
      onToggleLock: (row) => {
        const locked = row.locked || !!row.lockedUntil;
        modal.confirm({
          title: t('common:confirmTitle'),
          content: t(locked ? 'confirmUnlockOne' : 'confirmLockOne', { name: row.username }),
          okText: t('common:ok'),
          cancelText: t('common:cancel'),
          onOk: () => run(() => calls.setLock([row.id], !locked), t('common:operationSucceeded')),
        });
      },
      onResetPassword: (row) => setResetting(row),
      onFace: calls.face ? (row) => setFacing(row) : undefined,
      onDelete: (row) =>
        modal.confirm({
          title: t('common:confirmTitle'),
          content: t('common:confirmDeleteOne', { name: row.username }),
          okText: t('common:ok'),
          cancelText: t('common:cancel'),
          okButtonProps: { danger: true },
          onOk: () => run(() => calls.remove([row.id]), t('common:deleteSucceeded')),
        }),
    }),
    [t],
  ); // eslint-disable-line react-hooks/exhaustive-deps

  const statusField = useStatusSearchField(110);
  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: compact ? 220 : 240 },
      { name: 'username', label: t('field.username'), width: compact ? 140 : 150 },
      { name: 'employeeName', label: t('field.employeeName'), width: compact ? 140 : 150 },
      ...(compact ? [] : [{ name: 'employeeCode', label: t('field.employeeCode'), width: 130 }]),
      { name: 'mobile', label: t('field.mobile'), width: compact ? 130 : 140 },
      statusField,
      {
        name: 'locked',
        label: t('field.locked'),
        type: 'select',
        width: 110,
        options: [
          { label: t('lockedTag'), value: 'true' },
          { label: t('unlockedTag'), value: 'false' },
        ],
      },
    ],
    [t, statusField, compact],
  );

  /** The list (or export) query: the search bar's values, `locked` as a boolean, and the page's scope. */
  const toQuery = <Q extends Record<string, unknown>, S extends object>(q: Q, scope: S) => {
    const { locked, ...rest } = q as Q & { locked?: string | boolean };
    return { ...rest, ...(locked === undefined ? {} : { locked: locked === true || locked === 'true' }), ...scope };
  };

  const dialogs: ReactNode = (
    <>
      <UserFormModal
        open={form.open}
        mode={form.mode}
        row={form.row}
        defaultTenantId={defaultTenantId}
        variant={variant}
        onClose={() => setForm((m) => ({ ...m, open: false }))}
        onSaved={() => reload()}
      />
      <ResetPasswordModal row={resetting} reset={calls.resetPassword} onClose={() => setResetting(undefined)} />
      {calls.face && (
        <FaceDialog
          open={!!facing}
          username={facing?.username ?? ''}
          facePhotoUrl={facing?.facePhotoUrl ?? ''}
          calls={calls.face(facing?.id ?? '')}
          onClose={() => setFacing(undefined)}
          onChanged={reload}
        />
      )}
    </>
  );

  return { grid, reload, actions, searchFields, toQuery, openAdd: () => setForm({ open: true, mode: 'add' }), dialogs };
}
