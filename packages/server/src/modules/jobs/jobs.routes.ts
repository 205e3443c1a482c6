/**
 * `GET getjob?id=` (docs/tenancy.md "Bulk import as a background job"): a background job of the
 * TENANTID tenant, polled by the console while an import runs. Tenant administrators read any job of
 * their tenant; role holders only their own. Another tenant's job is "not found". Once ready, the
 * instance sweeps jobs whose lease expired (jobs.runner.ts `startJobSweep`).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Codes, JobGetQuery, ok, Paths } from '@mp/protocol';
import { inScope } from '../../db/context.js';
import { AppError } from '../../lib/errors.js';
import { findJob, toJobRow } from './jobs.repository.js';
import { startJobSweep } from './jobs.runner.js';

export default async function jobRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  let stopSweep = () => {};
  app.addHook('onReady', async () => {
    stopSweep = await startJobSweep(app);
  });
  app.addHook('onClose', async () => {
    stopSweep();
  });

  r.get(Paths.getjob, { config: { access: { tenant: 'member' } }, schema: { tags: ['jobs'], querystring: JobGetQuery } }, async (request) => {
    const tenant = request.tenant!;
    const { id } = request.query;
    const job = await inScope(app.database.db, { scope: 'tenant', tenantId: tenant.id }, (tx) =>
      findJob(tx, tenant.id, id, tenant.admin ? undefined : request.auth!.userId),
    );
    if (!job) throw new AppError(Codes.JOB_NOT_FOUND);
    return ok({ row: toJobRow(job) });
  });
}
