/**
 * `GET getjob?id=` (docs/tenancy.md "Bulk import as a background job"): a background job of the
 * TENANTID tenant, polled by the console while an import runs. Tenant administrators read any job of
 * their tenant; role holders only their own. Another tenant's job is "not found". At start-up, jobs
 * whose instance stopped mid-job are marked 'error'.
 */
import type { FastifyInstance } from 'fastify';
import { Codes, JobGetQuery, ok, Paths } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { failStaleJobs, findJob, toJobRow } from './jobs.repository.js';

/** A running job writes progress at least every few seconds; one silent for this long has stopped. */
const STALE_MS = 10 * 60_000;

export default async function jobRoutes(app: FastifyInstance) {
  app.addHook('onReady', async () => { await inScope(app.database.db, PLATFORM_SCOPE, (tx) => failStaleJobs(tx, STALE_MS)); });

  app.get(Paths.getjob, { config: { access: { tenant: 'member' } }, schema: { tags: ['jobs'], querystring: JobGetQuery } }, async (request) => {
    const tenant = request.tenant!;
    const { id } = request.query as JobGetQuery;
    const job = await inScope(app.database.db, { scope: 'tenant', tenantId: tenant.id }, (tx) => findJob(tx, tenant.id, id));
    if (!job || (!tenant.admin && job.createdBy !== request.auth!.userId)) throw new AppError(Codes.JOB_NOT_FOUND);
    return ok({ row: toJobRow(job) });
  });
}
