/**
 * The tenant area's audit log (SPEC §2 Tenant → auditlog; issue 5 "Audit log: every write in the tenant —
 * who, when, from where, what, before/after — with a required date range of at most 30 days, filters,
 * paging and export"; docs/auditlog.md). Search conditions above the shared DataGrid (the range is
 * required, the last 7 days to start with, at most 30 days — SPEC §5 Generic, §9), server-side paging and
 * sort by time, user name, action or object type, an export of the filtered entries (.xlsx), and a
 * drawer with one entry in full and its before/after comparison. The tenant is TENANTID.
 */
import { useCallback, useMemo, useState } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TENANT_AUDIT_LOG_SORT_FIELDS, type AuditLogRow } from '@mp/protocol';
import DataGrid from '../../../components/DataGrid';
import { exportTenantAuditLog, listTenantAuditLog, type AuditLogFilters } from '../../../api/auditlog';
import { useConfigStore } from '../../../stores/config';
import FilterBar, { type AuditConditions } from './components/filter-bar';
import { AUDIT_TABLE_WIDTH, useAuditColumns } from './components/columns';
import DetailDrawer from './components/detail-drawer';
import { lastDays, toTimes } from './components/range';

function toFilters(c: AuditConditions): AuditLogFilters {
  return { ...toTimes(c.range), username: c.username, action: c.action, entity: c.entity };
}

/** The screen (default export: the router lazy-loads it). */
export default function AuditLog() {
  const { t } = useTranslation(['auditlog']);
  const tenantId = useConfigStore((s) => s.hash.tenantId);
  const [filters, setFilters] = useState<AuditLogFilters>(() => toFilters({ range: lastDays() }));
  // Each search starts again on page 1 with the grid's default order.
  const [searchNo, setSearchNo] = useState(0);
  const [detail, setDetail] = useState<AuditLogRow | null>(null);
  const onDetail = useCallback((row: AuditLogRow) => setDetail(row), []);
  const columns = useAuditColumns(onDetail);
  const queryKey = useMemo(() => ['tenant-auditlog', tenantId, filters], [tenantId, filters]);

  return (
    <Card variant="borderless">
      <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
        {t('subtitle')}
      </Typography.Paragraph>
      <FilterBar
        onSearch={(c) => {
          setFilters(toFilters(c));
          setSearchNo((n) => n + 1);
        }}
      />
      <DataGrid<AuditLogRow, AuditLogFilters, (typeof TENANT_AUDIT_LOG_SORT_FIELDS)[number]>
        sortFields={TENANT_AUDIT_LOG_SORT_FIELDS}
        key={searchNo}
        title={t('title')}
        queryKey={queryKey}
        fetch={(q) => listTenantAuditLog({ ...q, ...filters })}
        columns={columns}
        rowKey="id"
        scrollX={AUDIT_TABLE_WIDTH}
        onExport={(q) => exportTenantAuditLog({ ...filters, sortField: q.sortField, sortOrder: q.sortOrder }, t('exportFile'))}
      />
      <DetailDrawer row={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
