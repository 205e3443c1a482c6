/**
 * Security headers on every answer (issue 12 §3 "Every HTML answer forbids framing…"; docs/security.md,
 * docs/operations.md `MP_FRAME_ANCESTORS`), set with `@fastify/helmet` in an onRequest hook, so they are
 * on the console's page and files (@fastify/static and the history-route fallback), the gateway's JSON,
 * and the OpenID provider's answers (set on the raw response before the provider takes over).
 *
 * - Framing: `Content-Security-Policy: frame-ancestors 'none'` and `X-Frame-Options: DENY`; with
 *   MP_FRAME_ANCESTORS, `frame-ancestors` lists those origins and X-Frame-Options is left out (it cannot
 *   name other origins; browsers that know frame-ancestors ignore it anyway).
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin` (other sites
 *   see the origin only, never a path or query), `Strict-Transport-Security` (180 days, this host only;
 *   browsers honour it over https only), and helmet's other defaults (COOP / CORP same-origin, …).
 * - The console's policy (CONSOLE_CSP): scripts from the own origin only (Vite emits no inline script);
 *   styles also inline (Ant Design writes its CSS-in-JS `<style>` elements and style attributes at run
 *   time); images from the own origin, `data:` (captcha images) and `blob:`; calls to the own origin.
 * - The provider's pages (oidcPageHelmet, every route under the issuer path): nothing by default; the
 *   pages' one inline style sheet by its hash; scripts from the own origin, to which oidc-provider adds
 *   the hash of its `form_post` auto-submit script; no `form-action`, because the sign-out confirmation
 *   and `form_post` post to, or redirect to, the applications' own addresses.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmetMiddleware, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';

type Directives = Record<string, string[]>;

/** `frame-ancestors` sources: the configured origins, else `'none'`. */
function frameAncestorSources(config: Pick<ServerConfig, 'frameAncestors'>): string[] {
  return config.frameAncestors.length ? [...config.frameAncestors] : ["'none'"];
}

/** The console's Content-Security-Policy directives (helmet's names), before frame-ancestors. */
export const CONSOLE_CSP: Directives = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
};

/** Helmet options of every answer (the console's policy); `config.frameAncestors` decides framing. */
export function securityHeaderOptions(config: Pick<ServerConfig, 'frameAncestors'>): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONSOLE_CSP, 'frame-ancestors': frameAncestorSources(config) } },
    xFrameOptions: config.frameAncestors.length ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  };
}

/**
 * Route-level helmet options of the provider's pages (replace the console's policy on those routes):
 * `styleSource` is the CSP source of the pages' inline style sheet (modules/oidc/pages.ts).
 */
export function oidcPageHelmet(config: Pick<ServerConfig, 'frameAncestors'>, styleSource: string): Partial<FastifyHelmetOptions> {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'none'"],
        'base-uri': ["'none'"],
        'script-src': ["'self'"],
        'style-src': [styleSource],
        'img-src': ["'self'", 'data:'],
        'object-src': ["'none'"],
        'frame-ancestors': frameAncestorSources(config),
      },
    },
  };
}

/**
 * The provider pages' headers (the global options with oidcPageHelmet's policy) as ONE prebuilt helmet
 * middleware for the provider's catch-all route, which the issue-17 hot path (introspection, userinfo)
 * goes through: @fastify/helmet's route options would build helmet anew on every request. The headers
 * are the same; the answer waits until they are set on `res`.
 */
export function oidcPageHeaders(
  config: Pick<ServerConfig, 'frameAncestors'>,
  styleSource: string,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const { global: _global, enableCSPNonces: _nonces, ...base } = securityHeaderOptions(config);
  const middleware = helmetMiddleware({ ...base, ...oidcPageHelmet(config, styleSource) } as HelmetOptions);
  return (req, res) =>
    new Promise((resolve, reject) => {
      middleware(req, res, (err?: unknown) => (err ? reject(err) : resolve()));
    });
}

/** Registers the headers on `app` (before any route, so every route and the 404 handler get them). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, securityHeaderOptions(app.config));
}
