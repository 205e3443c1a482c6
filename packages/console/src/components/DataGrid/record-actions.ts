/**
 * Parts every record grid repeats (CONVENTIONS: "when a third screen repeats a shape, it becomes a
 * shared part"): the enabled/disabled status filter, and the one-row actions enable/disable and delete
 * with their success toast, selection reset and reload.
 */
import { useMemo, type RefObject } from 'react';
import { App } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Status } from '@mp/protocol';
import type { DataGridHandle, SearchField } from './types';
import { unshownFailureText } from '../FormModal/server-error';

/** The status search field (enabled / disabled), labels in the user's language. */
export function useStatusSearchField(width = 120): SearchField {
  const { t } = useTranslation('common');
  return useMemo(
    () => ({
      name: 'status',
      label: t('status'),
      type: 'select',
      width,
      options: [
        { label: t('enabled'), value: Status.ENABLED },
        { label: t('disabled'), value: Status.DISABLED },
      ],
    }),
    [t, width],
  );
}

export interface RecordActionsOptions {
  /** The grid's query key: invalidated after a change. */
  queryKey: QueryKey;
  grid: RefObject<DataGridHandle | null>;
  setStatus(ids: string[], status: 0 | 1): Promise<unknown>;
  remove(ids: string[]): Promise<unknown>;
}

/**
 * `toggleStatus(row)` enables a disabled row and disables an enabled one; `remove(row)` deletes it.
 * Both show the success toast (failures are shown by the HTTP client) and reload the grid.
 */
export function useRecordActions<T extends { id: string; status: number }>(o: RecordActionsOptions) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: o.queryKey });
    const run = async (work: () => Promise<unknown>, done: string, clear = false, failed = t('operationFailed')) => {
      try {
        await work();
        void message.success(done);
        if (clear) o.grid.current?.clearSelection();
        reload();
      } catch (err) {
        const text = unshownFailureText(err, failed); // a 400 is the caller's to show (SPEC §8); others the client showed
        if (text) void message.error(text);
      }
    };
    return {
      reload,
      toggleStatus: (row: T) => run(() => o.setStatus([row.id], row.status === Status.ENABLED ? Status.DISABLED : Status.ENABLED), t('operationSucceeded')),
      remove: (row: T) => run(() => o.remove([row.id]), t('deleteSucceeded'), true, t('deleteFailed')),
    };
  }, [t, message, queryClient, o.queryKey, o.grid, o.setStatus, o.remove]); // eslint-disable-line react-hooks/exhaustive-deps
}
