/**
 * Code table read (SPEC §7 /plat/codetable/querycodetablelist): body is the list of code types
 * (login sends [1], the password rule); `data.row` is the entries, each with `codeVal`. The table is
 * small configuration, read through the settings service's 5-second cache.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { ok, Paths } from '@mp/protocol';

const Body = Type.Array(Type.Integer({ minimum: 0, maximum: 9999 }), { minItems: 1, maxItems: 50 });

export default async function codeTableRoutes(app: FastifyInstance) {
  app.post(Paths.querycodetablelist, { config: { access: 'user' }, schema: { tags: ['codetable'], body: Body } }, async (request) => {
    return ok({ row: await app.settings.codeEntries(request.body as number[]) });
  });
}
