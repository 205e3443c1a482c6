/**
 * The application administrator's dashboards (issue 15; docs/applications.md "Dashboards"): the workbench
 * (`workbenchsummary`, a page of the caller's applications) and the application dashboard (`appsummary`, the
 * APPID application, which the HTTP client sends from the chosen app). Both answer `{ row }`.
 */
import { AppDashboardPaths, type AppDashboardSummary, type WorkbenchSummary, type WorkbenchSummaryBody } from '@mp/protocol';
import { post, type RequestOptions } from './client';

export type { AppChange, AppDashboardSummary, AppFigures, DailyPolicyCalls, WorkbenchSummary } from '@mp/protocol';

/** A page of the caller's applications with their figures and totals. */
export async function getWorkbenchSummary(body: WorkbenchSummaryBody, opts?: RequestOptions): Promise<WorkbenchSummary> {
  return (await post<{ row: WorkbenchSummary }>(AppDashboardPaths.workbenchsummary, body, opts)).row;
}

/** The current application's figures, tenants, policy calls and recent changes. */
export async function getAppDashboardSummary(opts?: RequestOptions): Promise<AppDashboardSummary> {
  return (await post<{ row: AppDashboardSummary }>(AppDashboardPaths.appsummary, {}, opts)).row;
}
