/**
 * A fresh app on an in-memory PGlite for route tests (CONVENTIONS "Tests": in-process with inject on a
 * real database), with the platform administrator `admin` / ADMIN_PASSWORD and no captcha (a captcha's
 * proof of work, when one is turned on, takes a few tries only: `captchaPowWork` 6; solve it with
 * `solvePow`, testing/pow.ts).
 */
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import type { DestinationStream } from 'pino';
import { GatewayClient } from './gateway-client.js';

export const ADMIN_PASSWORD = 'Admin@2026x';

export async function testApp(overrides: Partial<ServerConfig> = {}, opts: { logStream?: DestinationStream } = {}) {
  const { app } = await buildApp(
    {
      dataDir: 'memory://',
      adminUsername: 'admin',
      adminPassword: ADMIN_PASSWORD,
      loginCaptcha: '0',
      captchaPowWork: 6,
      consoleDir: '/nonexistent',
      ...overrides,
    },
    opts.logStream ? { logStream: opts.logStream } : { logger: false },
  );
  await app.ready();
  const client = () => new GatewayClient(app).init();
  return { app, client, close: () => app.close() };
}

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import { tenants } from '../db/schema/index.js';
import { hashPassword } from '../lib/passwords.js';
import { insertIdentity, insertUser } from '../modules/users/users.repository.js';

/** Creates a tenant directly in the database (tests only); returns its id. */
export async function createTenantRow(app: FastifyInstance, code: string): Promise<string> {
  const id = randomUUID();
  await inScope(app.database.db, PLATFORM_SCOPE, (tx) =>
    tx.insert(tenants).values({ id, code, name: `Tenant ${code}`, abbreviation: code, address: 'Somewhere 1' }),
  );
  return id;
}

/** Creates a user with identities directly in the database (tests only); returns its id. */
export async function createUserRow(
  app: FastifyInstance,
  u: {
    tenantId?: string;
    username: string;
    password: string;
    identities?: number[];
    agreed?: boolean;
    superManager?: boolean;
    mobile?: string;
    email?: string;
  },
): Promise<string> {
  const id = randomUUID();
  const tenantId = u.tenantId ?? 'sys';
  await inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    await insertUser(tx, {
      id,
      tenantId,
      username: u.username,
      passwordHash: await hashPassword(u.password),
      agreedAt: u.agreed === false ? null : new Date(),
      superManager: u.superManager ?? false,
      mobile: u.mobile,
      email: u.email,
    });
    for (const i of u.identities ?? [1]) await insertIdentity(tx, tenantId, id, i);
  });
  return id;
}
