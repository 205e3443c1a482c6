/**
 * Platform dashboard figures (issue "Platform administration": real figures from the database):
 * tenants, enabled tenants, users, products, roles and sign-ins per day over the last 7 days.
 * Products and roles are counted once their tables exist (later issues); until then there are none.
 */
import type { FastifyInstance } from 'fastify';
import { and, eq, gte, sql } from 'drizzle-orm';
import { ok, Paths, UserType } from '@mp/protocol';
import { inScope, PLATFORM_SCOPE } from '../../db/context.js';
import { auditLog, tenants, users } from '../../db/schema/index.js';

export default async function dashboardRoutes(app: FastifyInstance) {
  app.get(Paths.dashboard, { config: { access: { userTypes: [UserType.PLATFORM_ADMIN] } }, schema: { tags: ['dashboard'] } }, async () => {
    const since = new Date();
    since.setUTCHours(0, 0, 0, 0);
    since.setUTCDate(since.getUTCDate() - 6);
    const row = await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
      const [t] = await tx.select({ all: sql<number>`count(*)::int`, enabled: sql<number>`count(*) filter (where ${tenants.status} = 1)::int` }).from(tenants);
      const [u] = await tx.select({ n: sql<number>`count(*)::int` }).from(users);
      const day = sql<string>`to_char(${auditLog.at} at time zone 'UTC', 'YYYY-MM-DD')`;
      const perDay = await tx.select({ date: day, count: sql<number>`count(*)::int` }).from(auditLog)
        .where(and(eq(auditLog.action, 'signin'), gte(auditLog.at, since))).groupBy(day);
      const counts = new Map(perDay.map((r) => [r.date, r.count]));
      const signIns = Array.from({ length: 7 }, (_, i) => {
        const d = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
        return { date: d, count: counts.get(d) ?? 0 };
      });
      return { tenants: t?.all ?? 0, enabledTenants: t?.enabled ?? 0, users: u?.n ?? 0, products: 0, roles: 0, signIns };
    });
    return ok({ row });
  });
}
