/**
 * Builds the gateway from its parts (CONVENTIONS "Server"): database, settings, error handler, body
 * parser, guard (signature, session, access rules), OpenAPI, the route modules, and the built console.
 * `buildApp` is what tests use with `app.inject`; main.ts adds listening.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import swagger from '@fastify/swagger';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Codes, FILE_LIMITS, GATEWAY } from '@mp/protocol';
import './types.js';
import { loadConfig, type ServerConfig } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { registerErrorHandler, sendFailure } from './plugins/errors.js';
import { registerBodyParser } from './plugins/body.js';
import { registerGuard } from './plugins/guard.js';
import { registerInputHygiene } from './plugins/input-hygiene.js';
import { registerPolicyCallStats } from './plugins/policy-call-stats.js';
import { registerCallLog } from './plugins/call-log.js';
import { registerValidators } from './plugins/validators.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerTransportChecks, transportOptions } from './plugins/transport.js';
import { registerModules } from './modules/index.js';
import { openapiOptions } from './openapi/document.js';
import { registerApiReference } from './openapi/reference.js';
import { bootstrap } from './bootstrap.js';
import { sweepExpired } from './modules/session/session.repository.js';
import { sweepRateLimits } from './lib/rate-limit.js';
import { sweepPolicyChanges } from './modules/policy/policy.repository.js';
import { loggerOptions, registerRequestId } from './plugins/request-id.js';
import { registerHealth } from './plugins/health.js';
import { registerMetrics } from './plugins/metrics.js';
import { registerShutdown } from './plugins/shutdown.js';
import { EmbeddedGuardStore, SharedGuardStore, type GuardStore } from './modules/session/guard-store.js';

/** One registered route and its access rule (the route-rule test reads these). */
export interface RouteSummary {
  method: string;
  url: string;
  access: unknown;
  schema?: unknown;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** The password generated for the platform administrator on a first start, if any. */
  generatedAdminPassword: string | undefined;
}

/**
 * Builds the app; `overrides` replace configuration values (tests use `dataDir: 'memory://'`);
 * `opts.logStream` receives the JSON log lines instead of stdout (log tests).
 */
export async function buildApp(
  overrides: Partial<ServerConfig> = {},
  opts: { logger?: boolean; database?: Database; logStream?: DestinationStream } = {},
): Promise<BuiltApp> {
  const config = { ...loadConfig(), ...overrides };
  const { logger, ...requestIds } = loggerOptions(config.logLevel, opts.logStream);
  const app = Fastify({
    logger: opts.logger === false ? false : logger,
    ...requestIds,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    ...transportOptions(),
  });
  const database = opts.database ?? (await openDatabase(config));
  const settings = new SettingsService(database.db, config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('settings', settings);
  const guardStore: GuardStore = database.kind === 'pglite' ? await EmbeddedGuardStore.open(database.db) : new SharedGuardStore(database.db);
  app.decorate('guardStore', guardStore);
  app.decorateRequest('locale', 'zh-CN');
  app.decorateRequest('tenantHeader', 'sys');
  app.addHook('onClose', async () => {
    await guardStore.close();
    if (!opts.database) await database.close();
    app.log.info('database closed');
  });

  const routeTable: RouteSummary[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routeTable.push({
        method: String(method),
        url: r.url,
        get access() {
          return r.config?.access;
        },
        schema: r.schema,
      }); // read late: a scope's own onRoute hook (static files, reference page) sets it after this one
  });

  await registerSecurityHeaders(app); // first onRequest hook: even early refusals carry the headers
  registerRequestId(app);
  registerValidators(app);
  registerErrorHandler(app);
  registerBodyParser(app);
  registerGuard(app);
  registerTransportChecks(app);
  registerInputHygiene(app);
  await app.register(multipart, { limits: { fileSize: FILE_LIMITS.imageBytes, files: 1, fields: 10 } });
  await app.register(swagger, openapiOptions(app));
  await registerApiReference(app);
  registerHealth(app); // /healthz, /readyz
  registerMetrics(app); // /metrics and app.opsMetrics, before the modules that feed it
  await registerPolicyCallStats(app); // before the modules: its final flush runs before the database closes
  await registerCallLog(app); // after metrics (drops are counted there), before the modules, like the policy statistics
  await registerModules(app);
  registerShutdown(app); // after the modules: its close hook (draining jobs) runs before theirs

  const hasConsole = existsSync(join(config.consoleDir, 'index.html'));
  if (hasConsole) {
    // The console's files are public; the hook marks the routes the static plugin declares. The root
    // (a folder, which the static plugin would refuse) goes to the not-found handler: the console's page.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (r) => {
        r.config = { ...(r.config ?? {}), access: 'public' };
      });
      await scope.register(fastifyStatic, {
        root: config.consoleDir,
        wildcard: true,
        index: false,
        prefix: '/',
        allowedPath: (p) => p !== '/' && !p.startsWith(GATEWAY),
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(GATEWAY) || !hasConsole || request.method !== 'GET') return sendFailure(request, reply, 404, Codes.NOT_FOUND);
    // History-mode routes of the console (SPEC §2) all answer the console's page.
    // Read each time, so a rebuilt console is served without a restart (the OS caches the file).
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(readFileSync(join(config.consoleDir, 'index.html'), 'utf8'));
  });

  const generatedAdminPassword = await bootstrap(database, config, settings);
  const sweep = setInterval(() => {
    Promise.all([sweepExpired(database.db), sweepRateLimits(database.db), sweepPolicyChanges(database.db, config.policyRetentionDays)]).catch((err) =>
      app.log.warn({ err }, 'sweep failed'),
    );
  }, 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  return { app, generatedAdminPassword };
}
