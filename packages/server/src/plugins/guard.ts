/**
 * The gateway guard, run before validation and the handler of every route (PROTOCOL.md "Request
 * headers", "Signature"; SPEC §8 token codes; CONVENTIONS "Server" access rules):
 * 1. the route must declare `config.access` (else refused: a route without a rule is a defect);
 * 2. signed routes need every signing header, a decimal-millisecond timestamp within 300 s, the sign
 *    range the request needs (2 for a POST with a JSON body, else 1), a fresh nonce (the guard
 *    store: in the database for PostgreSQL, in this single process for embedded PGlite) and the
 *    right signature;
 * 3. session routes need a bearer token of an active, unexpired session (codes 10009021001/2,
 *    10025000350), and the user types the rule names (10009029001);
 * 4. after validation, tenant routes that declare `actsOn` may change only the users they reach
 *    (modules/tenancy/acting-on.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes, DEFAULTS, expandIdentities, Headers, signaturePayload, SigninCodes, signRangeFor, UserType, type SignInput } from '@mp/protocol';
import { appHeaderOf, resolveAppContext } from './app-context.js';
import { localeOf } from '@mp/i18n';
import { AppError, unauthorized } from '../lib/errors.js';
import { sessionIdOf } from '../modules/session/tokens.js';
import type { Access } from '../types.js';
import { resolveTenantContext } from './tenant-context.js';
import { isRestrictedSession, OPEN_DURING_PASSWORD_CHANGE } from '../modules/auth/password-change.js';
import { registerActsOnCheck } from '../modules/tenancy/acting-on.js';

const SIGNING_HEADERS = [Headers.clientId, Headers.timestamp, Headers.nonce, Headers.signRange, Headers.signature] as const;
/** `X-Timestamp`: milliseconds since the epoch as 1–16 decimal digits. */
const TIMESTAMP = /^\d{1,16}$/;

function header(request: FastifyRequest, name: string): string {
  const v = request.headers[name];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
}

function bearer(request: FastifyRequest): string {
  const auth = header(request, Headers.authorization);
  return auth.toLowerCase().startsWith('bearer ') ? auth.slice(7).trim() : '';
}

function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase());
  const y = Buffer.from(b.toLowerCase());
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The signature with Node's OpenSSL (SM3 when cryptoType is '2', else SHA-512): the same value as the
 * protocol package's portable `computeSignature` (its tests compare both), at native speed.
 */
export function nativeSignature(input: SignInput, cryptoType: string): string {
  return createHash(cryptoType === '2' ? 'sm3' : 'sha512')
    .update(signaturePayload(input), 'utf8')
    .digest('hex');
}

/** Who may enter the application area (`{ app }` rules): platform administrators and application administrators. */
const APP_AREA_TYPES: readonly number[] = [UserType.PLATFORM_ADMIN, UserType.APP_ADMIN, UserType.APP];

/** True when the access rule lets a caller with these user types in. */
export function allows(access: Access, userTypes: readonly number[]): boolean {
  if (access === 'public' || access === 'signed' || access === 'user' || 'tenant' in access || 'appClient' in access) return true;
  if ('app' in access) return APP_AREA_TYPES.some((t) => userTypes.includes(t));
  return access.userTypes.some((t) => userTypes.includes(t));
}

export function registerGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.locale = localeOf(header(request, Headers.language));
    request.tenantHeader = header(request, Headers.tenantId) || DEFAULTS.tenantId;
  });

  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) {
      if (request.routeOptions.url === undefined) return; // 404 handler
      throw new AppError(Codes.NO_PERMISSION);
    }
    if (access === 'public' || (typeof access === 'object' && 'appClient' in access)) return; // appClient: plugins/app-client.ts

    const missing = SIGNING_HEADERS.filter((h) => !header(request, h));
    if (missing.length) throw unauthorized(Codes.HEADERS_MISSING, { names: missing.join(', ') });

    // Decimal milliseconds only: Number() would also take '0x…', '.5', '1e12' and ' 123'.
    const timestamp = header(request, Headers.timestamp);
    if (!TIMESTAMP.test(timestamp)) throw unauthorized(Codes.TIMESTAMP_INVALID);
    const ts = Number(timestamp);
    if (Math.abs(Date.now() - ts) > DEFAULTS.signatureWindowMs) throw unauthorized(Codes.TIMESTAMP_STALE);

    const nonce = header(request, Headers.nonce);
    if (!/^[0-9a-fA-F]{16,64}$/.test(nonce)) throw unauthorized(Codes.SIGNATURE_INVALID);
    // A POST with a JSON body is signed over its body (range 2); any other request with range 1. A
    // range-1 signature on a body would leave the body unsigned, so it could be altered on the way.
    const signRange = signRangeFor(request.method, request.rawBody !== undefined && request.rawBody.trim() !== '');
    if (header(request, Headers.signRange) !== signRange) throw unauthorized(Codes.SIGN_RANGE_WRONG);
    const token = bearer(request);
    const { fresh, session } = await app.guardStore.check(nonce.toLowerCase(), ts, token ? sessionIdOf(token) : '');

    // A token we do not know cannot tell us its user id, so its signature cannot be checked: refuse
    // it as invalid at once (nothing runs). Known tokens are checked with their user id.
    if (token && !session) {
      if (access === 'signed') throw unauthorized(Codes.SIGNATURE_INVALID);
      throw new AppError(Codes.TOKEN_INVALID);
    }
    const { cryptoType } = await app.settings.crypto();
    const signed = (userId: string) =>
      safeEqualHex(
        nativeSignature(
          {
            clientId: header(request, Headers.clientId),
            timestamp,
            token,
            nonce,
            signRange,
            userId,
            body: request.rawBody ?? '',
          },
          cryptoType,
        ),
        header(request, Headers.signature),
      );
    const userIdOk = signed(session?.userId ?? '') || (!!session && request.routeOptions.config.signerMayOmitUserId === true && signed(''));
    if (!userIdOk) throw unauthorized(Codes.SIGNATURE_INVALID);
    if (!fresh) throw unauthorized(Codes.NONCE_REPLAYED);
    if (access === 'signed') return;

    if (!session) throw unauthorized(Codes.TOKEN_MISSING);
    if (session.state === 'replaced') throw new AppError(Codes.TOKEN_REPLACED);
    if (session.state !== 'active') throw new AppError(Codes.TOKEN_INVALID);
    if (session.expiresAt.getTime() <= Date.now()) throw new AppError(Codes.TOKEN_EXPIRED);
    const userTypes = expandIdentities(session.identities);
    request.auth = {
      sessionId: session.id,
      token,
      userId: session.userId,
      username: session.username,
      tenantId: session.tenantId,
      identities: [...session.identities].sort((a, b) => b - a),
      userTypes,
      superManager: session.superManager,
      expiresAt: session.expiresAt,
      mustChangePassword: session.mustChangePassword,
    };
    if (isRestrictedSession(session) && !OPEN_DURING_PASSWORD_CHANGE.has(request.routeOptions.url ?? ''))
      throw new AppError(SigninCodes.PASSWORD_CHANGE_REQUIRED);
    if (!allows(access, userTypes)) throw new AppError(Codes.NO_PERMISSION);
    if (typeof access === 'object' && 'tenant' in access)
      request.tenant = await resolveTenantContext(app, request.auth, request.tenantHeader, access, request.routeOptions.url ?? '');
    if (typeof access === 'object' && 'app' in access) request.application = await resolveAppContext(app.database, request.auth, appHeaderOf(request));
  });
  // 4. declared "acts on" user ids (after validation): data scope and rank (modules/tenancy/acting-on.ts)
  registerActsOnCheck(app);
}
