/**
 * Lifetimes and send limits of one-time codes (issue 4; docs/codes.md "Codes"). The recovery link's
 * lifetime is configurable with MP_RESET_TTL_MIN (default 30); the public address of the console in
 * recovery mails comes from MP_PUBLIC_URL.
 */
import { OTC_RULES } from '@mp/protocol';
import type { RateLimit } from '../../lib/rate-limit.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function positiveInt(v: string | undefined, d: number): number {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : d;
}

/** Lifetimes in milliseconds and the wrong-try limit. */
export const OTC_TTL = {
  code: OTC_RULES.codeTtlMinutes * MINUTE,
  /** The pending MFA sign-in: long enough to ask for a second code. */
  mfaTicket: 10 * MINUTE,
  reset: (env: NodeJS.ProcessEnv = process.env) => positiveInt(env.MP_RESET_TTL_MIN, OTC_RULES.resetTtlMinutes) * MINUTE,
} as const;

/** Send limits (every instance counts in `rate_limits`; lib/rate-limit.ts). */
export const SEND_LIMITS: Record<'addressMinute' | 'addressHour' | 'accountMinute' | 'accountHour' | 'ipHour', RateLimit> = {
  addressMinute: { max: 1, windowMs: OTC_RULES.resendSeconds * 1000 },
  addressHour: { max: 10, windowMs: HOUR },
  accountMinute: { max: 1, windowMs: OTC_RULES.resendSeconds * 1000 },
  accountHour: { max: 10, windowMs: HOUR },
  ipHour: { max: 60, windowMs: HOUR },
};

/**
 * The console's public address for links in mails: MP_PUBLIC_URL, else (outside production) the
 * request's own origin. Production without MP_PUBLIC_URL answers undefined: a Host header chosen by a
 * caller must never decide where a recovery link points.
 */
export function publicUrl(request: { protocol: string; host: string }, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.MP_PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  if (env.NODE_ENV === 'production') return undefined;
  return `${request.protocol}://${request.host}`;
}
