/**
 * The application administrator's dashboards (issue 15 "Workbench dashboard", "Application dashboard"; SPEC §2
 * App admin `dashboard`, App `dashboard` — never a menu item; docs/applications.md "Dashboards"):
 * - workbench summary: the caller's applications (product_admins rows; every application for a platform
 *   administrator), a page of them at a time, each with its figures, plus totals over that page;
 * - application summary: the same figures for the APPID application, its tenants, and policy-service calls.
 * Days are UTC `YYYY-MM-DD`, oldest first, 7 of them, today last.
 */
import Type, { type Static } from 'typebox';
import { PagingSchema } from './common.js';
import type { DailySignIns } from './dashboard.js';

/** Gateway paths of the dashboards (POST; `{ row }` answers). */
export const AppDashboardPaths = {
  /** The workbench: a page of the caller's applications with their figures → `{ row: WorkbenchSummary }`. */
  workbenchsummary: '/gateway/tenant/plat/appdashboard/workbenchsummary',
  /** The APPID application's figures → `{ row: AppDashboardSummary }`. */
  appsummary: '/gateway/tenant/plat/appdashboard/appsummary',
} as const;

/** At most this many applications per workbench page (each page costs a fixed handful of grouped statements). */
export const WORKBENCH_PAGE_SIZE_MAX = 50;
/** Recent changes answered: the latest ones, from the last RECENT_CHANGE_DAYS days. */
export const RECENT_CHANGES_MAX = 10;
export const RECENT_CHANGE_DAYS = 30;
/** The application summary lists at most this many tenants (by name); `tenantCount` says how many there are. */
export const APP_TENANTS_MAX = 100;

/** Workbench request: paging over the caller's applications (by name), optional keyword on name or code. */
export const WorkbenchSummaryBody = Type.Object({
  page: PagingSchema.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: WORKBENCH_PAGE_SIZE_MAX, default: 20 })),
  keyword: Type.Optional(Type.String({ maxLength: 50 })),
});
export type WorkbenchSummaryBody = Static<typeof WorkbenchSummaryBody>;

/** The policy-service calls counted per day (`call` of policy_call_stats). */
export const POLICY_CALLS = ['permissions', 'decision', 'sync'] as const;
export type PolicyCallName = (typeof POLICY_CALLS)[number];

/** Policy-service calls of one day: per call, and `errors` (answers with HTTP status ≥ 400, all calls). */
export interface DailyPolicyCalls {
  date: string;
  permissions: number;
  decision: number;
  sync: number;
  errors: number;
}

/** One application's figures. */
export interface AppFigures {
  id: string;
  code: string;
  name: string;
  status: 0 | 1;
  /** Users of the application (tenants using it, inside its root organisations). */
  users: number;
  /** Sessions of those users that are active and not expired now. */
  activeSessions: number;
  /** Single sign-on sign-ins into the application (audit `sso.signin` of its clients) over the 7 days. */
  signIns: number;
  /** Its OIDC clients (all), and the enabled ones. */
  clients: number;
  enabledClients: number;
  /** Tenants using it (tenant_products, status 1). */
  tenants: number;
}

/** A recent change about an application (audit log, platform entries). */
export interface AppChange {
  id: string;
  at: string;
  action: string;
  entity: string;
  entityId: string;
  username: string;
  productId: string;
  productName: string;
}

/** Workbench answer. `totals.users` / `activeSessions` count distinct people / sessions across the page's applications. */
export interface WorkbenchSummary {
  page: number;
  pageSize: number;
  /** All applications of the caller matching the keyword (the page holds at most pageSize of them). */
  records: number;
  apps: AppFigures[];
  totals: { applications: number; users: number; activeSessions: number; signIns: number; clients: number; tenants: number };
  /** SSO sign-ins per day into the page's applications. */
  signIns: DailySignIns[];
  /** The latest changes about the page's applications. */
  recent: AppChange[];
}

/** A tenant using the application. `users`: its users who are the application's users. */
export interface AppTenantFigures {
  id: string;
  code: string;
  name: string;
  status: 0 | 1;
  since: string;
  users: number;
}

/** Application dashboard answer. */
export interface AppDashboardSummary {
  app: AppFigures;
  signIns: DailySignIns[];
  policyCalls: DailyPolicyCalls[];
  /** Tenants authorised for the application (by name, at most APP_TENANTS_MAX). */
  tenants: AppTenantFigures[];
  tenantCount: number;
  recent: AppChange[];
}
