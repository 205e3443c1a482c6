/**
 * Product management calls of the platform administrator (SPEC §2 product; docs/protocol.md Calls):
 * list, get, add, edit, delete, enable/disable, export to Excel, and the administrator candidates
 * (users of every tenant, searched by user name or employee name).
 */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import writeExcelFile from 'write-excel-file/node';
import {
  AdminCandidateListBody,
  IdBody,
  IdsBody,
  ok,
  pageInfo,
  Paths,
  ProductAddBody,
  ProductEditBody,
  ProductListBody,
  ProductStatusBody,
  UserType,
} from '@mp/protocol';
import { translate } from '@mp/i18n';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import * as svc from './products.service.js';
import { searchUsers } from './products.repository.js';

const access = { userTypes: [UserType.PLATFORM_ADMIN] } as const;
const tags = ['products'];
const EXPORT_LIMIT = 100_000;

export default async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tx = <T>(fn: Parameters<typeof inScope<T>>[2]) => inScope(app.database.db, PLATFORM_SCOPE, fn);

  r.post(Paths.listproduct, { config: { access }, schema: { tags, body: ProductListBody } }, async (request) =>
    ok(await tx((t) => svc.listProductPage(t, request.body))),
  );

  r.post(Paths.getproduct, { config: { access }, schema: { tags, body: IdBody } }, async (request) =>
    ok({ row: await tx((t) => svc.getProduct(t, request.body.id)) }),
  );

  r.post(Paths.addproduct, { config: { access }, schema: { tags, body: ProductAddBody } }, async (request) =>
    ok({ row: await tx((t) => svc.addProduct(t, request, request.body)) }),
  );

  r.post(Paths.editproduct, { config: { access }, schema: { tags, body: ProductEditBody } }, async (request) =>
    ok({ row: await tx((t) => svc.editProduct(t, request, request.body)) }),
  );

  r.post(Paths.deleteproduct, { config: { access }, schema: { tags, body: IdsBody } }, async (request) =>
    ok(await tx((t) => svc.deleteProducts(t, request, request.body.ids))),
  );

  r.post(Paths.statusproduct, { config: { access }, schema: { tags, body: ProductStatusBody } }, async (request) => {
    const b = request.body;
    return ok(await tx((t) => svc.setProductStatus(t, request, b.ids, b.status)));
  });

  /** Users of every tenant who may become product administrators: `{ id, username, employeeName, tenantId, tenantName, status }`. */
  r.post(Paths.listproductadmincandidate, { config: { access }, schema: { tags, body: AdminCandidateListBody } }, async (request) => {
    const b = request.body;
    const page = b.page ?? 1;
    const pageSize = b.pageSize ?? 20;
    const { rows, records } = await tx((t) => searchUsers(t, { keyword: b.keyword, page, pageSize }));
    return ok({ rows, ...pageInfo(page, pageSize, records) });
  });

  r.post(Paths.exportproduct, { config: { access }, schema: { tags, body: ProductListBody } }, async (request, reply) => {
    const rows = await tx((t) => svc.listAllProductRows(t, request.body, EXPORT_LIMIT));
    const l = request.locale;
    const label = (k: string) => translate(l, `product:field.${k}`);
    const keys = [
      'code',
      'name',
      'abbreviation',
      'version',
      'status',
      'builtIn',
      'callbackUrl',
      'department',
      'ownerName',
      'ownerEmail',
      'ownerPhone',
      'opsOwner',
      'admins',
      'description',
      'creator',
      'createdAt',
      'updatedAt',
    ];
    const head = keys.map((k) => ({ value: label(k), fontWeight: 'bold' as const }));
    const body = rows.map((r) =>
      [
        r.code,
        r.name,
        r.abbreviation,
        r.version,
        translate(l, r.status === 1 ? 'common:enabled' : 'common:disabled'),
        translate(l, r.builtIn ? 'common:yes' : 'common:no'),
        r.callbackUrl,
        r.department,
        r.ownerName,
        r.ownerEmail,
        r.ownerPhone,
        r.opsOwner,
        r.admins.map((a) => a.username).join(', '),
        r.description,
        r.creator,
        r.createdAt,
        r.updatedAt,
      ].map((value) => ({ value })),
    );
    const buffer = await writeExcelFile([head, ...body], {
      columns: keys.map((k) => ({ width: ['callbackUrl', 'ownerEmail', 'admins', 'description'].includes(k) ? 32 : 18 })),
    }).toBuffer();
    const name = `products-${new Date().toISOString().slice(0, 10)}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(buffer);
  });
}
