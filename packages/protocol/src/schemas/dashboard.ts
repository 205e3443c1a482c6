/** The platform dashboard's figures (`GET plat/dashboard/summary` → `row`; issue "Platform administration"). */

/** Sign-ins of one day: `date` is `YYYY-MM-DD` (UTC), oldest first. */
export interface DailySignIns { date: string; count: number }

/** Platform totals plus sign-ins per day over the last 7 days. */
export interface DashboardSummary {
  tenants: number;
  enabledTenants: number;
  users: number;
  products: number;
  roles: number;
  signIns: DailySignIns[];
}
