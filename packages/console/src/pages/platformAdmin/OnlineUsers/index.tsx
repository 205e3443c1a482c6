/**
 * Online users (SPEC §4 Records: users online/offline; removal shows 'Eliminate user success';
 * docs/sessions.md): the signed-in sessions on the shared DataGrid — search by user (user name or
 * employee name) and tenant, paging, sort by user name, sign-in and expiry time — with an
 * 'Eliminate' row action and a confirmed batch action. An eliminated session's token stops working
 * at once; that user's console goes to login on its next call. The caller's own session is marked
 * and cannot be selected or eliminated (sign out ends it).
 */
import { useCallback, useMemo, useRef } from 'react';
import { App, Card } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SESSION_SORT_FIELDS, type SessionRow } from '@mp/protocol';
import DataGrid, { type DataGridHandle, type GridBatchAction, type SearchField } from '../../../components/DataGrid';
import { endSessions, listSessions, type SessionFilters } from '../../../api/session';
import { SESSION_TABLE_WIDTH, useSessionColumns } from './components/columns';

const QUERY_KEY = ['sessions'] as const;

/** The screen (default export: the router lazy-loads it). */
export default function OnlineUsers() {
  const { t } = useTranslation(['session', 'common']);
  const { message } = App.useApp();
  const grid = useRef<DataGridHandle>(null);

  const eliminate = useCallback(
    async (row: SessionRow) => {
      await endSessions([row.id]);
      void message.success(t('eliminated'));
      grid.current?.reload();
    },
    [message, t],
  );
  const columns = useSessionColumns(eliminate);

  const searchFields = useMemo<SearchField[]>(
    () => [
      { name: 'keyword', label: t('keyword'), placeholder: t('keywordPlaceholder'), width: 220 },
      { name: 'tenant', label: t('tenant'), placeholder: t('tenantPlaceholder'), width: 200 },
    ],
    [t],
  );

  const batchActions = useMemo<GridBatchAction<SessionRow>[]>(
    () => [
      {
        key: 'eliminate',
        label: t('batchEliminate'),
        icon: <LogoutOutlined />,
        danger: true,
        confirm: (count) => t('confirmBatchEliminate', { count }),
        done: t('eliminated'),
        run: (ids) => endSessions(ids),
      },
    ],
    [t],
  );

  return (
    <Card variant="borderless">
      <DataGrid<SessionRow, SessionFilters, (typeof SESSION_SORT_FIELDS)[number]>
        sortFields={SESSION_SORT_FIELDS}
        ref={grid}
        title={t('title')}
        queryKey={QUERY_KEY}
        fetch={(q) => listSessions(q)}
        columns={columns}
        rowKey="id"
        scrollX={SESSION_TABLE_WIDTH}
        searchFields={searchFields}
        isRowSelectable={(r) => !r.current}
        batchActions={batchActions}
      />
    </Card>
  );
}
