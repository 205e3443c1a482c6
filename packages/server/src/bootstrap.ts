/**
 * First-start work on an empty database (PROTOCOL.md last paragraph; issue "Foundation": Runs):
 * the built-in platform tenant 'sys', the deployment key and login configuration, and the platform
 * administrator — user name MP_ADMIN_USERNAME (default admin), password MP_ADMIN_PASSWORD or a random
 * one printed once. Idempotent: later starts change nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULTS, Identity } from '@mp/protocol';
import type { ServerConfig } from './config.js';
import type { Database } from './db/client.js';
import { inScope, PLATFORM_SCOPE } from './db/context.js';
import { tenants } from './db/schema/index.js';
import { hashPassword } from './lib/passwords.js';
import type { SettingsService } from './modules/settings/settings.service.js';
import { countPlatformAdmins, insertIdentity, insertUser } from './modules/users/users.repository.js';
import { ensureRootOrganisations } from './modules/organisations/organisations.repository.js';

/** A random password that satisfies the default rule (letters and digits, 16 characters). */
function randomPassword(): string {
  return `Mp${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}9`;
}

/** Returns the generated password when one was made (so the caller prints it once), else undefined. */
export async function bootstrap(database: Database, config: ServerConfig, settingsService: SettingsService): Promise<string | undefined> {
  return inScope(database.db, PLATFORM_SCOPE, async (tx) => {
    await tx
      .insert(tenants)
      .values({ id: DEFAULTS.tenantId, code: DEFAULTS.tenantId, name: 'MP3.0 Platform', abbreviation: 'MP3.0', address: '-', builtIn: true, creator: 'system' })
      .onConflictDoNothing();
    await settingsService.init(tx);
    await ensureRootOrganisations(tx);
    if ((await countPlatformAdmins(tx)) > 0) return undefined;
    const password = config.adminPassword ?? randomPassword();
    const id = randomUUID();
    await insertUser(tx, {
      id,
      tenantId: DEFAULTS.tenantId,
      username: config.adminUsername,
      employeeName: 'Administrator',
      passwordHash: await hashPassword(password),
      superManager: true,
      builtIn: true,
      orgId: DEFAULTS.tenantId,
    });
    await insertIdentity(tx, DEFAULTS.tenantId, id, Identity.PLATFORM_ADMIN);
    await insertIdentity(tx, DEFAULTS.tenantId, id, Identity.ENTERPRISE_USER);
    return config.adminPassword ? undefined : password;
  });
}
