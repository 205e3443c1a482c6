/**
 * POST at the authorization and end-session endpoints (OIDC Core §3.1.2.1, RP-Initiated Logout §2:
 * both accept GET and POST with the same parameters; docs/oidc.md "Endpoints").
 *
 * `oidc-provider` serves POST there only when its browser-session cookie is `SameSite=None`, because a
 * cross-site POST does not carry a `SameSite=Lax` cookie: the provider would not see the user's
 * session (no single sign-on, and a sign-out could not end it). The platform keeps `Lax` (a cookie
 * other sites' requests cannot use) and answers a form-encoded POST with `303 See Other` to the same
 * endpoint with the form's parameters as the query: the browser then makes the GET request — a
 * top-level navigation that carries the `Lax` cookie — and the outcome is exactly that of GET.
 * Parameters are passed through unchanged (repeated ones too, so the provider still refuses them).
 */
import type { FastifyInstance } from 'fastify';
import { errorPage, pickLocale } from './pages.js';

/** The largest form accepted (an authorization request with an ID token hint is a few KiB). */
export const POST_FORM_LIMIT = 64 * 1024;

/** The endpoints, relative to the issuer path, that accept POST as GET. */
export const POST_AS_GET_ENDPOINTS = ['/auth', '/session/end'] as const;

/** Registers `POST <issuerPath><endpoint>` for each of POST_AS_GET_ENDPOINTS in `scope`. */
export async function registerPostMethodRoutes(scope: FastifyInstance, issuerPath: string): Promise<void> {
  await scope.register(async (inner) => {
    inner.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: POST_FORM_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    for (const endpoint of POST_AS_GET_ENDPOINTS) {
      inner.post(`${issuerPath}${endpoint}`, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
        const form = typeof request.body === 'string' ? request.body : undefined;
        if (form === undefined) {
          const locale = pickLocale(undefined, request.headers['accept-language']);
          return reply
            .code(400)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(errorPage(locale, 'invalid_request', 'a POST request must be application/x-www-form-urlencoded'));
        }
        const query = new URLSearchParams(form).toString();
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .header('location', `${issuerPath}${endpoint}${query ? `?${query}` : ''}`)
          .send();
      });
    }
  });
}
