/**
 * The OpenAPI document's addresses and the browsable API reference for administrators (issue 17 "The
 * API as a product"; docs/protocol.md "OpenAPI"):
 * - `GET /openapi.json` and `GET /gateway/openapi.json` (the address PROTOCOL.md names) answer the same
 *   document;
 * - `GET /reference/` is Swagger UI (@fastify/swagger-ui), its scripts, styles and images served from the
 *   npm package (no CDN), no outside validator, "Try it out" off (the gateway's calls need the signature
 *   headers, which a browser form cannot compute; the SDK does). Its Content-Security-Policy replaces
 *   the console's on these routes and allows only what the page needs: scripts, styles and the document
 *   from the own origin, the `data:` images of Swagger UI's style sheet, no inline script, no framing
 *   beyond MP_FRAME_ANCESTORS.
 * All public and unsigned, like the document (it names routes and schemas, no data).
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ApiDocPaths, Paths } from '@mp/protocol';

/** The reference page's CSP directives (besides `frame-ancestors`, which follows the configuration). */
export const REFERENCE_CSP: Record<string, string> = {
  'default-src': "'none'",
  'base-uri': "'none'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self'",
  'img-src': "'self' data:",
  'connect-src': "'self'",
  'object-src': "'none'",
  'form-action': "'none'",
};

/** Registers the document's two addresses and the reference page on `app` (after @fastify/swagger). */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  for (const url of [Paths.openapi, ApiDocPaths.openapi]) {
    app.get(url, { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
  }
  const frameAncestors = app.config.frameAncestors.length ? app.config.frameAncestors.join(' ') : "'none'";
  await app.register(async (scope) => {
    scope.addHook('onRoute', (r) => {
      r.config = { ...(r.config ?? {}), access: 'public' };
    });
    await scope.register(swaggerUi, {
      routePrefix: ApiDocPaths.reference,
      uiConfig: { supportedSubmitMethods: [], defaultModelsExpandDepth: 0, docExpansion: 'none', filter: true },
      validatorUrl: false,
      staticCSP: { ...REFERENCE_CSP, 'frame-ancestors': frameAncestors },
    });
  });
}
