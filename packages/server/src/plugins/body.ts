/**
 * JSON body parsing that keeps the exact text (the signature covers the body as sent) and unwraps
 * `{"reuestParas": "<base64 ciphertext>"}` with the deployment key before validation
 * (PROTOCOL.md "Encrypted values").
 */
import type { FastifyInstance } from 'fastify';
import { Codes, decryptValue } from '@mp/protocol';
import { AppError } from '../lib/errors.js';

export function registerBodyParser(app: FastifyInstance): void {
  // JSON (and multipart, registered by its plugin) only: Fastify's default text/plain parser would hand
  // a route an unsigned string body; any other content type answers 415 (plugins/errors.ts).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: app.config.bodyLimit },
    async (request: import('fastify').FastifyRequest, body: string) => {
      request.rawBody = body;
      if (body.trim() === '') return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new AppError(Codes.BODY_INVALID, { detail: 'JSON' }, 400);
      }
      if (
        parsed &&
        typeof parsed === 'object' &&
        !Array.isArray(parsed) &&
        typeof (parsed as { reuestParas?: unknown }).reuestParas === 'string' &&
        Object.keys(parsed).length === 1
      ) {
        const { mpk, cryptoType } = await app.settings.crypto();
        try {
          return JSON.parse(decryptValue((parsed as { reuestParas: string }).reuestParas, mpk, cryptoType));
        } catch {
          throw new AppError(Codes.DECRYPT_FAILED, {}, 400);
        }
      }
      return parsed;
    },
  );
}
