/**
 * Code table read (SPEC §7 /plat/codetable/querycodetablelist): body is the list of code types
 * (login sends [1], the password rule); `data.row` is the entries, each with `codeVal`.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { asc, inArray } from 'drizzle-orm';
import { ok, Paths } from '@mp/protocol';
import { codeTable } from '../../db/schema/index.js';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';

const Body = Type.Array(Type.Integer({ minimum: 0, maximum: 9999 }), { minItems: 1, maxItems: 50 });

export default async function codeTableRoutes(app: FastifyInstance) {
  app.post(Paths.querycodetablelist, { config: { access: 'user' }, schema: { tags: ['codetable'], body: Body } }, async (request) => {
    const types = request.body as number[];
    const rows = await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
      tx.select({ codeType: codeTable.codeType, codeKey: codeTable.codeKey, codeVal: codeTable.codeVal }).from(codeTable)
        .where(inArray(codeTable.codeType, types)).orderBy(asc(codeTable.codeType), asc(codeTable.sort), asc(codeTable.codeKey)));
    return ok({ row: rows });
  });
}
