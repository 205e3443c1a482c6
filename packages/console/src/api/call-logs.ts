/**
 * Typed calls of the service-call statistics and call logs (issue 18; docs/call-logs.md) for the three audiences:
 * `platform` (platform administrators, everything), `tenant` (the TENANTID tenant's administrators) and `app`
 * (the APPID application's administrators; the client sends APPID). Statistics need a range of at most 7 days,
 * logs at most 30 (`calllog.range_*`, HTTP 400); the export is a CSV of at most CALL_LOG_RULES.exportMax rows
 * (`calllog.export_too_many`).
 */
import { CallLogPaths, type CallLogListBody, type CallLogRow, type CallStats, type CallStatsBody, type Paged } from '@mp/protocol';
import { download, post, type RequestOptions } from './client';

/** Who is looking: decides the gateway paths (and, on the server, what may be seen). */
export type CallLogAudience = 'platform' | 'tenant' | 'app';

const PATHS: Record<CallLogAudience, { stats: string; list: string; export: string }> = {
  platform: { stats: CallLogPaths.getcallstats, list: CallLogPaths.listcalllog, export: CallLogPaths.exportcalllog },
  tenant: { stats: CallLogPaths.gettenantcallstats, list: CallLogPaths.listtenantcalllog, export: CallLogPaths.exporttenantcalllog },
  app: { stats: CallLogPaths.getappcallstats, list: CallLogPaths.listappcalllog, export: CallLogPaths.exportappcalllog },
};

/** Filters of the call-log grid (the list body without paging and sort). */
export type CallLogFilters = Omit<CallLogListBody, 'page' | 'pageSize' | 'sortField' | 'sortOrder'>;

/** The statistics of a window (≤ 7 days). */
export async function getCallStats(audience: CallLogAudience, body: CallStatsBody, opts?: RequestOptions): Promise<CallStats> {
  return (await post<{ row: CallStats }>(PATHS[audience].stats, body, opts)).row;
}

/** One page of the call log (range ≤ 30 days). */
export function listCallLog(audience: CallLogAudience, body: CallLogListBody, opts?: RequestOptions): Promise<Paged<CallLogRow>> {
  return post<Paged<CallLogRow>>(PATHS[audience].list, body, opts);
}

/** Downloads the matching calls as CSV, saved as `fileName` unless the server names it. */
export function exportCallLog(
  audience: CallLogAudience,
  body: CallLogFilters & Pick<CallLogListBody, 'sortField' | 'sortOrder'>,
  fileName: string,
  opts?: RequestOptions,
): Promise<void> {
  return download(PATHS[audience].export, body, fileName, opts);
}
