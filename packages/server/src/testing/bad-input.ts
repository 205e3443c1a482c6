/**
 * Helpers of the bad-input tests (tests only; issue 12 §2, docs/security.md "Input"): a way to send an
 * integer JSON.stringify cannot write (2^53 + 1), and a digest of tables that proves a refused call
 * wrote nothing. Used by modules/tenant-input.test.ts and modules/platform-input.test.ts.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/client.js';
import { inScope, PLATFORM_SCOPE } from '../db/context.js';
import type { GatewayClient } from './gateway-client.js';

/** Stands for 2^53 + 1 in a body given to `sendBad`: JSON.stringify cannot write it (the double rounds to 2^53). */
export const BIG = '__2^53+1__';
/** 2^53 + 1 as text, for a query string. */
export const BIG_TEXT = '9007199254740993';
/** A string of `n` characters. */
export const long = (n: number) => 'x'.repeat(n);

/** Sends `body` (each BIG written as the number 2^53 + 1) to `path` as a POST; a `?query` path is sent as a GET. */
export function sendBad(c: GatewayClient, path: string, body: unknown = {}) {
  if (path.includes('?')) return c.get(path);
  return c.send('POST', path, undefined, { rawBody: JSON.stringify(body).replaceAll(`"${BIG}"`, BIG_TEXT) });
}

/**
 * A digest of every row of `tables` (count and MD5 of the rows as text, per table): any insert, update
 * or delete changes it. Leave out tables every call writes (sessions, request_nonces, settings).
 */
export function tableDigest(app: FastifyInstance, tables: readonly string[]): Promise<Record<string, string>> {
  return inScope(app.database.db, PLATFORM_SCOPE, async (tx) => {
    const out: Record<string, string> = {};
    for (const table of tables) {
      const [row] = rowsOf<{ h: string }>(
        await tx.execute(sql.raw(`select count(*) || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${table} x`)),
      );
      out[table] = row!.h;
    }
    return out;
  });
}
