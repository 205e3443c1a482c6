/**
 * The platform dashboard figures (SPEC §2 Platform admin → dashboard; docs/protocol.md
 * `GET plat/dashboard/summary` → `row`).
 */
import { Paths, type DashboardSummary, type TenantDashboardSummary } from '@mp/protocol';
import { get, type RequestOptions } from './client';

export type { DailySignIns, DashboardSummary } from '@mp/protocol';

/** Loads the dashboard summary. */
export async function getDashboardSummary(opts?: RequestOptions): Promise<DashboardSummary> {
  const data = await get<{ row: DashboardSummary }>(Paths.dashboard, undefined, opts);
  return data.row;
}

/** The current tenant's figures (TENANTID): `GET plat/tenancy/dashboard` → `row`. */
export async function getTenantDashboardSummary(opts?: RequestOptions): Promise<TenantDashboardSummary> {
  const data = await get<{ row: TenantDashboardSummary }>(Paths.tenancydashboard, undefined, opts);
  return data.row;
}
