/**
 * Service-call statistics and call logs (issue 18 "Log and service-call statistics"; docs/call-logs.md; SPEC §5
 * Generic "log query date range required", §9 statistics windows 7 and 30 days). Every gateway call is recorded
 * (application, tenant, API, status, code, latency, caller); three audiences read them through the same bodies:
 * platform administrators (everything), a tenant's administrators (TENANTID tenant only) and an application's
 * administrators (APPID application only). The range is required, start not after end; statistics at most
 * CALL_LOG_RULES.statsMaxDays, logs at most CALL_LOG_RULES.logMaxDays.
 */
import Type, { type Static } from 'typebox';
import { pageQuery } from './common.js';

/** Gateway paths (all POST). */
export const CallLogPaths = {
  getcallstats: '/gateway/tenant/plat/calllog/getcallstats',
  listcalllog: '/gateway/tenant/plat/calllog/listcalllog',
  exportcalllog: '/gateway/tenant/plat/calllog/exportcalllog',
  gettenantcallstats: '/gateway/tenant/plat/calllog/gettenantcallstats',
  listtenantcalllog: '/gateway/tenant/plat/calllog/listtenantcalllog',
  exporttenantcalllog: '/gateway/tenant/plat/calllog/exporttenantcalllog',
  getappcallstats: '/gateway/tenant/plat/calllog/getappcallstats',
  listappcalllog: '/gateway/tenant/plat/calllog/listappcalllog',
  exportappcalllog: '/gateway/tenant/plat/calllog/exportappcalllog',
} as const;

/** Windows (days), the export bound (rows) and how many rows a statistics group lists. */
export const CALL_LOG_RULES = { statsMaxDays: 7, logMaxDays: 30, exportMax: 10_000, groupMax: 100 } as const;

const Time = Type.String({ maxLength: 40 });
const Id = Type.String({ maxLength: 64 });

/** The range and the narrowing filters common to statistics and logs; `tenantId`/`productId` only narrow inside the viewer's scope. */
const common = {
  /** ISO date-times; both required (checked by the server with a localised message). */
  startTime: Type.Optional(Time),
  endTime: Type.Optional(Time),
  tenantId: Type.Optional(Id),
  productId: Type.Optional(Id),
  /** Part of the API's route pattern, case-insensitive. */
  api: Type.Optional(Type.String({ maxLength: 200 })),
};

/** `get*callstats`: the window (≤ 7 days) and its filters. */
export const CallStatsBody = Type.Object(common);
export type CallStatsBody = Static<typeof CallStatsBody>;

export const CALL_LOG_SORT_FIELDS = ['at', 'latencyMs', 'status', 'api'] as const;

/** `list*calllog` / `export*calllog`: paged, sorted, the range (≤ 30 days) and the filters. */
export const CallLogListBody = Type.Object({
  ...pageQuery(CALL_LOG_SORT_FIELDS),
  ...common,
  method: Type.Optional(
    Type.Union([
      Type.Literal('GET'),
      Type.Literal('POST'),
      Type.Literal('PUT'),
      Type.Literal('PATCH'),
      Type.Literal('DELETE'),
      Type.Literal('HEAD'),
      Type.Literal('OPTIONS'),
    ]),
  ),
  /** Exact HTTP status. */
  status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  /** Only failed calls (HTTP ≥ 400 or an envelope code other than success). */
  errorsOnly: Type.Optional(Type.Boolean()),
  /** The caller's user name or id, or a client id (exact, case-insensitive). */
  caller: Type.Optional(Type.String({ maxLength: 100 })),
});
export type CallLogListBody = Static<typeof CallLogListBody>;

/** Calls, failed calls and latency percentiles (ms) of a group. */
export interface CallFigures {
  calls: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

/** One point of the charts: the bucket's start (ISO) and its figures. */
export interface CallSeriesPoint extends CallFigures {
  t: string;
}

/** `get*callstats` → `data.row`. Groups list the busiest CALL_LOG_RULES.groupMax entries. */
export interface CallStats {
  totals: CallFigures;
  /** Width of a chart bucket in seconds. */
  bucketSeconds: number;
  series: CallSeriesPoint[];
  byApi: (CallFigures & { method: string; api: string })[];
  byApp: (CallFigures & { productId: string; name: string })[];
  byTenant: (CallFigures & { tenantId: string; name: string })[];
}

/** Who made a call. */
export type CallCallerType = 'user' | 'client' | 'anonymous';

/** One recorded call (`list*calllog` rows). */
export interface CallLogRow {
  id: string;
  at: string;
  tenantId: string;
  tenantName: string;
  productId: string;
  productName: string;
  method: string;
  api: string;
  status: number;
  /** The envelope code: '1' success, else its scode; '' for answers that are not envelopes. */
  code: string;
  latencyMs: number;
  callerType: CallCallerType;
  callerId: string;
  callerName: string;
  requestId: string;
}
