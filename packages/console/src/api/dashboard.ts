/**
 * The platform dashboard figures (SPEC §2 Platform admin → dashboard; docs/protocol.md
 * `GET plat/dashboard/summary` → `row`).
 */
import { Paths } from '@mp/protocol';
import { get, type RequestOptions } from './client';

/** Sign-ins of one day: `date` is `YYYY-MM-DD`, oldest first. */
export interface DailySignIns {
  date: string;
  count: number;
}

/** Platform totals plus sign-ins per day over the last 7 days. */
export interface DashboardSummary {
  tenants: number;
  enabledTenants: number;
  users: number;
  products: number;
  roles: number;
  signIns: DailySignIns[];
}

/** Loads the dashboard summary. */
export async function getDashboardSummary(opts?: RequestOptions): Promise<DashboardSummary> {
  const data = await get<{ row: DashboardSummary }>(Paths.dashboard, undefined, opts);
  return data.row;
}
