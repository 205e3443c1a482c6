/**
 * Code table calls (SPEC §7 /plat/codetable/*). `querycodetablelist`: body is the list of code types
 * (login sends [1], the password rule); `data.row` is the entries, each with `codeType`, `codeKey`,
 * `codeVal` (plus `sort` and `description`). The table is small configuration, read through the
 * settings service's 5-second cache. The other /plat/codetable/* calls — the platform configuration
 * (login configuration, code table save, integration lists, organisation types and categories) — live
 * in modules/sysconfig and are registered here, so every /plat/codetable path starts from this file.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ok, Paths } from '@mp/protocol';
import sysconfigRoutes from '../sysconfig/sysconfig.routes.js';

const Body = Type.Array(Type.Integer({ minimum: 0, maximum: 9999 }), { minItems: 1, maxItems: 50 });

export default async function codeTableRoutes(app: FastifyInstance) {
  app.post(Paths.querycodetablelist, { config: { access: 'user' }, schema: { tags: ['codetable'], body: Body } }, async (request) => {
    return ok({ row: await app.settings.codeEntries(request.body as number[]) });
  });
  await app.register(sysconfigRoutes);
}
