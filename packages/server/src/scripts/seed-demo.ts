/**
 * `npm run seed:demo`: adds a realistic demo data set to the database the server uses (same
 * configuration as main.ts: MP_DATA_DIR for the embedded PGlite, or DATABASE_URL):
 * - five tenants with company names, codes, abbreviations and addresses (one disabled), each with a
 *   generated solid-colour PNG logo in `files`;
 * - 45 users across them with Chinese or English names, 11-digit mobiles and e-mails; the first of each
 *   tenant is its tenant administrator (identity 3; user name `<code>_admin`), the second an
 *   application administrator (identity 2); all hold identity 1 and share the password DEMO_PASSWORD;
 * - each tenant's root organisation with four departments, two teams under the first department, and
 *   five stations (positions); every user belongs to a department or team (affiliated and default
 *   organisation) and holds a station;
 * - in each enabled tenant the data role "department managers" (DEMO_ROLE) of the first department:
 *   its organisation-tree grant is that department's subtree, with menu grants and the API grants of
 *   those menus (`apis`: the tenant API catalogue of the running app); the tenant's third user holds it;
 * - `signin` audit entries over the last 7 days, so the platform dashboard's chart shows something.
 * Every row follows SPEC §5 (user names, employee names, codes, mobiles, e-mails, organisation, position
 * and role names): seed-demo.test.ts runs the server's own checks on each, so the demo can be edited in
 * the console's forms as it is.
 * Idempotent: a tenant whose code exists is skipped with everything of it, so a second run adds nothing.
 * All inserts run in one transaction.
 *
 * The embedded database allows one process per folder: `openDatabase` takes the data-folder lock, so
 * the script is refused while a server runs on MP_DATA_DIR (a lock left by a crashed server does not
 * block). Exit codes: 0 done, 2 database in use, 1 any other failure.
 */
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { Identity } from '@mp/protocol';
import { loadConfig } from '../config.js';
import { DataFolderLockedError, openDatabase, type Database } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { auditLog, organisations, roleGrants, roles, roleUsers, stations, tenants } from '../db/schema/index.js';
import { buildApp } from '../app.js';
import { hashPassword } from '../lib/passwords.js';
import { tenantApiCatalogue, type TenantApi } from '../plugins/tenant-context.js';
import { insertFile } from '../modules/files/files.repository.js';
import { insertTenant } from '../modules/tenants/tenants.repository.js';
import { insertIdentity, insertUser } from '../modules/users/users.repository.js';
import { insertRootOrganisation } from '../modules/organisations/organisations.repository.js';
import { DEMO_DEPARTMENTS, DEMO_PASSWORD, DEMO_ROLE, DEMO_STATIONS, DEMO_TEAMS, DEMO_TENANTS, peopleOf, rng, solidPng } from './seed-demo-data.js';

const DAY_MS = 86_400_000;

export interface SeedReport {
  /** Tenants added by this run, with their administrator's user name and the number of users. */
  added: { code: string; name: string; status: number; users: number; admin: string; roleHolder?: string }[];
  /** Codes of demo tenants that already existed and were left alone. */
  skipped: string[];
  users: number;
  files: number;
  auditEntries: number;
  /** The password of every demo account. */
  password: string;
}

/**
 * Seeds the demo tenants that do not exist yet into `database`, in one transaction.
 * `now` fixes the clock (tests); `apis` is the tenant API catalogue the demo role's API grants come
 * from (none given: the role gets menus and its subtree only); passwords are hashed before the transaction opens, so the
 * transaction (which on PGlite holds the whole database) stays short.
 * @throws when a write fails (nothing is kept then: the transaction rolls back).
 */
export async function seedDemo(database: Database, opts: { now?: Date; apis?: TenantApi[] } = {}): Promise<SeedReport> {
  const now = opts.now ?? new Date();
  const codes = DEMO_TENANTS.map((t) => t.code);
  const existing = await inScope(database.db, PLATFORM_SCOPE, (tx) => tx.select({ code: tenants.code }).from(tenants).where(inArray(tenants.code, codes)));
  const existingCodes = new Set(existing.map((r) => r.code));
  const todo = DEMO_TENANTS.map((t, index) => ({ t, index })).filter(({ t }) => !existingCodes.has(t.code));
  const report: SeedReport = { added: [], skipped: codes.filter((c) => existingCodes.has(c)), users: 0, files: 0, auditEntries: 0, password: DEMO_PASSWORD };
  if (!todo.length) return report;

  // Each account gets its own salted hash, computed in the thread pool before the transaction.
  const planned = todo.map(({ t, index }) => ({ t, index, people: peopleOf(t, index) }));
  const hashes = await Promise.all(planned.flatMap((p) => p.people.map(() => hashPassword(DEMO_PASSWORD))));

  await inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    let h = 0;
    const since = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 6 * DAY_MS;
    for (const { t, index, people } of planned) {
      const again = await tx
        .select({ id: tenants.id })
        .from(tenants)
        .where(inArray(tenants.code, [t.code]));
      if (again.length) {
        report.skipped.push(t.code);
        h += people.length;
        continue;
      } // added meanwhile
      const tenantId = randomUUID();
      const createdAt = new Date(now.getTime() - t.createdDaysAgo * DAY_MS);
      // The tenant row comes first (files reference it); the logo is set once the file exists.
      await insertTenant(tx, {
        id: tenantId,
        code: t.code,
        name: t.name,
        abbreviation: t.abbreviation,
        address: t.address,
        description: t.description,
        status: t.status,
        creator: 'seed-demo',
        createdAt,
        updatedAt: createdAt,
      });
      const png = solidPng(t.color);
      const fileId = randomUUID();
      await insertFile(tx, {
        id: fileId,
        tenantId,
        name: `${t.code}-logo.png`,
        mime: 'image/png',
        size: png.length,
        data: png.toString('base64'),
        createdBy: 'seed-demo',
        createdAt,
      });
      await tx
        .update(tenants)
        .set({ logo: fileId })
        .where(inArray(tenants.id, [tenantId]));
      report.files++;

      await insertRootOrganisation(tx, { id: tenantId, code: t.code, name: t.name });
      const deptIds = DEMO_DEPARTMENTS[t.names].map(() => randomUUID());
      await tx.insert(organisations).values(
        DEMO_DEPARTMENTS[t.names].map(([code, name], i) => ({
          id: deptIds[i]!,
          tenantId,
          parentId: tenantId,
          code: `${t.code.toUpperCase()}-${code}`,
          name,
          type: 3,
          sort: i + 1,
          createdAt,
          updatedAt: createdAt,
        })),
      );
      const teamIds = DEMO_TEAMS[t.names].map(() => randomUUID());
      await tx.insert(organisations).values(
        DEMO_TEAMS[t.names].map(([code, name], i) => ({
          id: teamIds[i]!,
          tenantId,
          parentId: deptIds[0]!,
          code: `${t.code.toUpperCase()}-${code}`,
          name,
          type: 4,
          sort: i + 1,
          createdAt,
          updatedAt: createdAt,
        })),
      );
      // Every fourth user from the fifth on works in a team of the first department.
      const orgOf = (n: number): string => (n >= 4 && n % 4 === 0 ? teamIds[(n / 4) % teamIds.length]! : deptIds[n % deptIds.length]!);
      const stationIds = DEMO_STATIONS[t.names].map(() => randomUUID());
      await tx.insert(stations).values(
        DEMO_STATIONS[t.names].map(([name, level, type], i) => ({
          id: stationIds[i]!,
          tenantId,
          orgId: tenantId,
          name,
          level,
          type,
          code: `ST${String(i + 1).padStart(2, '0')}`,
          createdAt,
          updatedAt: createdAt,
        })),
      );

      const rand = rng(7000 + index);
      const ids: { id: string; username: string; enabled: boolean }[] = [];
      for (const [n, p] of people.entries()) {
        const id = randomUUID();
        const joined = new Date(createdAt.getTime() + Math.floor(rand() * Math.max(1, t.createdDaysAgo - 7)) * DAY_MS);
        await insertUser(tx, {
          id,
          tenantId,
          username: p.username,
          employeeName: p.employeeName,
          employeeCode: p.employeeCode,
          mobile: p.mobile,
          email: p.email,
          passwordHash: hashes[h++]!,
          status: p.status,
          orgId: orgOf(n),
          defaultOrgId: orgOf(n),
          stationId: stationIds[n === 0 ? 3 : n % stationIds.length]!,
          effectiveDate: createdAt.toISOString().slice(0, 10),
          expiryDate: '2099-12-31',
          passwordChangedAt: createdAt,
          createdAt: n === 0 ? createdAt : joined,
          updatedAt: n === 0 ? createdAt : joined,
        });
        await insertIdentity(tx, tenantId, id, Identity.ENTERPRISE_USER);
        if (p.tenantAdmin) await insertIdentity(tx, tenantId, id, Identity.TENANT_ADMIN);
        if (p.appAdmin) await insertIdentity(tx, tenantId, id, Identity.APP_ADMIN);
        ids.push({ id, username: p.username, enabled: p.status === 1 });
      }
      report.users += people.length;
      const holder = t.status === 1 && ids[2] ? ids[2] : undefined;
      if (holder) await seedDemoRole(tx, tenantId, deptIds[0]!, holder.id, t.names, opts.apis ?? []);
      report.added.push({
        code: t.code,
        name: t.name,
        status: t.status,
        users: people.length,
        admin: people[0]!.username,
        ...(holder ? { roleHolder: holder.username } : {}),
      });

      // Sign-ins of enabled users of enabled tenants: a few a day, none in the future.
      if (t.status !== 1) continue;
      const active = ids.filter((u) => u.enabled);
      const rows: (typeof auditLog.$inferInsert)[] = [];
      for (let d = 0; d < 7; d++) {
        const dayStart = since + d * DAY_MS;
        const span = Math.min(DAY_MS, now.getTime() - dayStart);
        const count = 1 + Math.floor(rand() * (d % 6 === 5 ? 2 : 5)); // quieter weekend-like days
        for (let k = 0; k < count; k++) {
          const u = active[Math.floor(rand() * active.length)]!;
          rows.push({
            id: randomUUID(),
            tenantId,
            userId: u.id,
            username: u.username,
            action: 'signin',
            entity: 'session',
            entityId: randomUUID(),
            ip: `10.${index + 1}.0.${1 + Math.floor(rand() * 200)}`,
            at: new Date(dayStart + Math.floor(rand() * span)),
          });
        }
      }
      if (rows.length) await tx.insert(auditLog).values(rows);
      report.auditEntries += rows.length;
    }
  });
  return report;
}

/**
 * The demo data role of one tenant (DEMO_ROLE): at the department `deptId`, granting its subtree, the
 * menus, and those menus' APIs from `apis` (for a read-only menu only its list/get/search calls).
 */
async function seedDemoRole(
  tx: Parameters<Parameters<typeof inScope>[2]>[0],
  tenantId: string,
  deptId: string,
  userId: string,
  names: 'zh' | 'en',
  apis: TenantApi[],
): Promise<void> {
  const roleId = randomUUID();
  await tx.insert(roles).values({ id: roleId, tenantId, orgId: deptId, code: DEMO_ROLE.code, name: DEMO_ROLE.name[names], creator: 'seed-demo' });
  const isRead = (url: string) => /\/(list|get|search|query)[^/]*$/.test(url);
  const grants: (typeof roleGrants.$inferInsert)[] = [
    { tenantId, roleId, kind: 'org', dataId: deptId },
    ...Object.entries(DEMO_ROLE.menus).map(([menu, purview]) => ({ tenantId, roleId, kind: 'menu', dataId: menu, purview })),
    ...[...new Set(apis.filter((a) => DEMO_ROLE.menus[a.menu] !== undefined && (DEMO_ROLE.menus[a.menu]! & 2 || isRead(a.url))).map((a) => a.url))].map(
      (url) => ({ tenantId, roleId, kind: 'api', dataId: url }),
    ),
  ];
  await tx.insert(roleGrants).values(grants);
  await tx.insert(roleUsers).values({ tenantId, roleId, userId });
}

/** Prints what a run added (or that it added nothing). */
function printReport(r: SeedReport): void {
  if (!r.added.length) {
    console.log(`Demo data already present (tenants ${r.skipped.join(', ')}): nothing added.`);
    return;
  }
  console.log(
    `Added ${r.added.length} tenant(s), ${r.users} user(s), ${r.files} logo file(s), ${r.auditEntries} sign-in audit entr${r.auditEntries === 1 ? 'y' : 'ies'}:`,
  );
  for (const t of r.added) {
    console.log(
      `  ${t.code.padEnd(10)} ${t.name}${t.status === 1 ? '' : ' (disabled)'}: ${t.users} users, tenant administrator ${t.admin}` +
        (t.roleHolder ? `, department manager ${t.roleHolder} (sees the first department only)` : ''),
    );
  }
  if (r.skipped.length) console.log(`Skipped existing tenant(s): ${r.skipped.join(', ')}`);
  console.log(`Every demo account's password: ${r.password}   (users sign in by user name, mobile or e-mail)`);
}

/**
 * The command: opens the configured database, builds the app on it (bootstrap like a first start, and
 * the tenant API catalogue for the demo role's API grants; nothing listens), seeds, closes.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataFolderLockedError) {
      console.error(`${err.message}\nStop the server and run \`npm run seed:demo\` again.`);
      return 2;
    }
    console.error(
      `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${(err as Error).message}\n` +
        'If the server is running on this embedded database, stop it first: PGlite allows one process per data folder.',
    );
    return 2;
  }
  try {
    const { app, generatedAdminPassword: generated } = await buildApp({}, { logger: false, database });
    await app.ready();
    const apis = tenantApiCatalogue(app);
    await app.close();
    if (generated) console.log(`Platform administrator created: ${config.adminUsername} / ${generated} (shown once)`);
    printReport(await seedDemo(database, { apis }));
    console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.dataDir}`);
    return 0;
  } catch (err) {
    console.error(`Seeding failed, nothing was added: ${(err as Error).stack ?? err}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
