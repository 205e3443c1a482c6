/** The platform dashboard's figures (`GET plat/dashboard/summary` → `row`; issue "Platform administration"). */

/** Sign-ins of one day: `date` is `YYYY-MM-DD` (UTC), oldest first. */
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

/** A tenant's own figures (`GET plat/tenancy/dashboard` → `row`; issue 5 tenant dashboard). */
export interface TenantDashboardSummary {
  tenant: { id: string; code: string; name: string };
  users: number;
  enabledUsers: number;
  organisations: number;
  roles: number;
  stations: number;
  /** Products authorised to the tenant. */
  apps: number;
  signIns: DailySignIns[];
}
