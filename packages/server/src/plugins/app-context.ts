/**
 * The application context of an application-area call (CONVENTIONS "Server": the application chosen in
 * the console travels as APPID, like TENANTID: bound into the request context by the guard, checked
 * against the caller's applications, never taken from a body; docs/applications.md "Which application").
 * Routes declare `access: { app: 'admin' }`: the APPID header (id or code) must name an application the
 * caller administers (`product_admins`), or the caller is a platform administrator (every application).
 * Anything else — no APPID, an unknown application, another administrator's application — is
 * `10009029001`, so the existence of an application is not revealed. Handlers then read
 * `request.application` and scope every statement by its id.
 */
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Codes, Headers, UserType } from '@mp/protocol';
import type { Database } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { productAdmins, products } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import type { AppContext, AuthContext } from '../types.js';

/** The APPID header of a request, trimmed ('' when absent). */
export function appHeaderOf(request: FastifyRequest): string {
  const v = request.headers[Headers.appId];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
}

/**
 * Resolves the application named by `appHeader` (id, or code case-insensitively) and checks that
 * `auth` may administer it: one short platform-scope transaction, one statement.
 * @throws 10009029001 (no application named, unknown, or not the caller's).
 */
export async function resolveAppContext(database: Database, auth: AuthContext, appHeader: string): Promise<AppContext> {
  if (!appHeader || appHeader.length > 64) throw new AppError(Codes.NO_PERMISSION);
  const platform = auth.userTypes.includes(UserType.PLATFORM_ADMIN);
  const row = await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    const [p] = await tx
      .select({
        id: products.id,
        code: products.code,
        name: products.name,
        status: products.status,
        admin: sql<boolean>`exists (select 1 from ${productAdmins} where ${productAdmins.productId} = ${products.id} and ${productAdmins.userId} = ${auth.userId})`,
      })
      .from(products)
      .where(or(eq(products.id, appHeader), sql`lower(${products.code}) = ${appHeader.toLowerCase()}`))
      .orderBy(sql`${products.id} = ${appHeader} desc`)
      .limit(1);
    return p;
  });
  if (!row || !(platform || row.admin)) throw new AppError(Codes.NO_PERMISSION);
  return { id: row.id, code: row.code, name: row.name, status: row.status === 1 ? 1 : 0, platform: platform && !row.admin };
}
