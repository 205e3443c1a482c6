/**
 * Service-call statistics and call logs (issue 18 "Log and service-call statistics"; docs/call-logs.md), the
 * same three calls for three audiences:
 * - platform administrators (`getcallstats`, `listcalllog`, `exportcalllog`; user type 1): every call, optionally
 *   narrowed to a tenant and/or application;
 * - a tenant's administrators (`…tenant…`; `{ tenant: 'admin' }`): the TENANTID tenant's calls only, filtered by
 *   its id in SQL (and on the main database in its row-level-security scope);
 * - an application's administrators (`…app…`; `{ app: 'admin' }`): the APPID application's calls only.
 * Statistics need a window of at most 7 days, logs at most 30 (SPEC §5 Generic "log query date range
 * required", §9); the export is a CSV of at most CALL_LOG_RULES.exportMax records in the grid's filters and sort.
 * The records are read through the app's call-log store (calllogs.store.ts), the names from the main database.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { translate, type Locale } from '@mp/i18n';
import { CALL_LOG_RULES, CallLogCodes, CallLogListBody, CallLogPaths, CallStatsBody, ok, pageInfo, UserType, type CallLogRow } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import type { Access } from '../../types.js';
import type { CallLogView, CallQuery } from './calllogs.query.js';
import { callLogStore, namedRows, namedStats } from './calllogs.store.js';

const tags = ['calllog'];

/**
 * Checks a query's range (required, valid, start not after end, at most `maxDays`) and answers it as dates.
 * Errors (HTTP 400 with the envelope): `calllog.range_required`, `calllog.range_invalid`, `calllog.range_order`, `calllog.range_too_long` (`{{days}}`).
 */
export function checkCallRange(startTime: string | undefined, endTime: string | undefined, maxDays: number): { from: Date; to: Date } {
  if (!startTime?.trim() || !endTime?.trim()) throw new AppError(CallLogCodes.RANGE_REQUIRED, {}, 400);
  const from = new Date(startTime.trim());
  const to = new Date(endTime.trim());
  const valid = (d: Date) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 9999;
  if (!valid(from) || !valid(to)) throw new AppError(CallLogCodes.RANGE_INVALID, {}, 400);
  if (from.getTime() > to.getTime()) throw new AppError(CallLogCodes.RANGE_ORDER, {}, 400);
  if (to.getTime() - from.getTime() > maxDays * 86_400_000) throw new AppError(CallLogCodes.RANGE_TOO_LONG, { days: maxDays }, 400);
  return { from, to };
}

/** The checked query of a body with a window of at most `maxDays`. */
function queryOf(b: CallLogListBody, maxDays: number): CallQuery {
  const { startTime, endTime, ...rest } = b;
  return { ...rest, ...checkCallRange(startTime, endTime, maxDays) };
}

const COLUMNS = [
  'at',
  'tenantName',
  'productName',
  'method',
  'api',
  'status',
  'code',
  'latencyMs',
  'callerType',
  'callerName',
  'callerId',
  'requestId',
] as const;

/**
 * The CSV of `rows` with headings in `locale`, with a byte-order mark so spreadsheet programs read UTF-8. Cells
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return get a leading `'` (csv-stringify's `escape_formulas`):
 * tenant, application and caller names are typed by others, and a spreadsheet would run them as formulas.
 */
export function callLogCsv(locale: Locale, rows: CallLogRow[]): string {
  const head = COLUMNS.map((c) => translate(locale, `calllog:field.${c}`));
  const body = rows.map((r) => COLUMNS.map((c) => (c === 'callerType' ? translate(locale, `calllog:caller.${r.callerType}`) : String(r[c]))));
  return `\uFEFF${stringify([head, ...body], { escape_formulas: true })}`;
}

/** Registers the three calls of one audience: `view` gives the viewer's fixed tenant/application. */
function audience(
  app: FastifyInstance,
  paths: { stats: string; list: string; export: string },
  access: Access,
  view: (request: FastifyRequest) => CallLogView,
) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.database.db;
  r.post(paths.stats, { config: { access }, schema: { tags, body: CallStatsBody } }, async (request) => {
    const q = queryOf(request.body, CALL_LOG_RULES.statsMaxDays);
    const v = view(request);
    return ok({ row: await namedStats(db, v, await callLogStore(app).statistics(q, v)) });
  });
  r.post(paths.list, { config: { access }, schema: { tags, body: CallLogListBody } }, async (request) => {
    const q = queryOf(request.body, CALL_LOG_RULES.logMaxDays);
    const page = request.body.page ?? 1;
    const pageSize = request.body.pageSize ?? 10;
    const v = view(request);
    const store = callLogStore(app);
    const records = await store.count(q, v);
    const rows = records > (page - 1) * pageSize ? await namedRows(db, v, await store.select(q, v, pageSize, (page - 1) * pageSize)) : [];
    return ok({ rows, ...pageInfo(page, pageSize, records) });
  });
  r.post(paths.export, { config: { access }, schema: { tags, body: CallLogListBody } }, async (request, reply) => {
    const q = queryOf(request.body, CALL_LOG_RULES.logMaxDays);
    const max = CALL_LOG_RULES.exportMax;
    const v = view(request);
    const store = callLogStore(app);
    const count = await store.count(q, v);
    if (count > max) throw new AppError(CallLogCodes.EXPORT_TOO_MANY, { count, max });
    const rows = await namedRows(db, v, await store.select(q, v, max, 0));
    const name = `call-log-${new Date().toISOString().slice(0, 10)}.csv`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(callLogCsv(request.locale, rows));
  });
}

export default async function callLogRoutes(app: FastifyInstance) {
  audience(
    app,
    { stats: CallLogPaths.getcallstats, list: CallLogPaths.listcalllog, export: CallLogPaths.exportcalllog },
    { userTypes: [UserType.PLATFORM_ADMIN] },
    () => ({}),
  );
  audience(
    app,
    { stats: CallLogPaths.gettenantcallstats, list: CallLogPaths.listtenantcalllog, export: CallLogPaths.exporttenantcalllog },
    { tenant: 'admin' },
    (request) => ({ tenantId: request.tenant!.id }),
  );
  audience(
    app,
    { stats: CallLogPaths.getappcallstats, list: CallLogPaths.listappcalllog, export: CallLogPaths.exportappcalllog },
    { app: 'admin' },
    (request) => ({ productId: request.application!.id }),
  );
}
