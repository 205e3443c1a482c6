/**
 * Code table calls (SPEC §7 /plat/codetable/*). `querycodetablelist`: body is the list of code types
 * (login sends [1], the password rule); `data.row` is the entries, each with `codeType`, `codeKey`,
 * `codeVal` (plus `sort` and `description`). The table is small configuration, read through the
 * settings service's 5-second cache; organisation categories (type 11) are tenant-owned and answered
 * only for the caller's tenant (codetable.service.ts). The other /plat/codetable/* calls — the platform configuration
 * (login configuration, code table save, integration lists, organisation types and categories) — live
 * in modules/sysconfig and are registered here, so every /plat/codetable path starts from this file.
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CODE_TYPE_VALUES, ok, Paths } from '@mp/protocol';
import sysconfigRoutes from '../sysconfig/sysconfig.routes.js';
import { codeEntriesFor } from './codetable.service.js';

/** The code types to read: a closed set (CodeTypes), each at most once in practice. */
const Body = Type.Array(Type.Enum(CODE_TYPE_VALUES), { minItems: 1, maxItems: 50 });

export default async function codeTableRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(Paths.querycodetablelist, { config: { access: 'user' }, schema: { tags: ['codetable'], body: Body } }, async (request) => {
    return ok({ row: await codeEntriesFor(app, request, request.body) });
  });
  await app.register(sysconfigRoutes);
}
