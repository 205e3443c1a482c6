/**
 * `GET getjob?id=` (docs/tenancy.md "Bulk import as a background job"): a background job of the
 * TENANTID tenant, polled by the console while an import runs. Tenant administrators read any job of
 * their tenant; role holders only their own. Another tenant's job is "not found". At start-up, jobs
 * whose instance stopped mid-job are marked 'error'.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Codes, JobGetQuery, ok, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { failStaleJobs, findJob, toJobRow } from './jobs.repository.js';

/** A running job writes progress at least every few seconds; one silent for this long has stopped. */
const STALE_MS = 10 * 60_000;

export default async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('onReady', async () => { await inScope(app.database.db, PLATFORM_SCOPE, (tx) => failStaleJobs(tx, STALE_MS)); });

  r.get(Paths.getjob, { config: { access: { tenant: 'member' } }, schema: { tags: ['jobs'], querystring: JobGetQuery } }, async (request) => {
    const tenant = request.tenant!;
    const { id } = request.query;
    const job = await inScope(app.database.db, { scope: 'tenant', tenantId: tenant.id }, (tx) => findJob(tx, tenant.id, id, tenant.admin ? undefined : request.auth!.userId));
    if (!job) throw new AppError(Codes.JOB_NOT_FOUND);
    return ok({ row: toJobRow(job) });
  });
}
