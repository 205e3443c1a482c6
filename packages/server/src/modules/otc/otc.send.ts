/**
 * What every send shares (docs/codes.md "Sending"): address checks, the rate limits per address, per
 * account and per client address (429 with the seconds to wait), and delivery after the answer when the
 * answer must not reveal whether an account exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OTC_RULES, OtcCodes, type OtcChannel } from '@mp/protocol';
import { AppError } from '../../lib/errors.js';
import { enforceRateLimits } from '../../lib/rate-limit.js';
import { SEND_LIMITS } from './otc.config.js';

/** Checks an e-mail or mobile number (SPEC §8 'enter correct mobile number'); answers it trimmed. */
export function checkAddress(type: OtcChannel, value: string): string {
  const v = (value ?? '').trim();
  if (type === 'mobile' && !OTC_RULES.mobile.pattern.test(v)) throw new AppError(OtcCodes.MOBILE_INVALID);
  if (type === 'email' && (v.length > OTC_RULES.email.max || !OTC_RULES.email.pattern.test(v))) throw new AppError(OtcCodes.EMAIL_INVALID);
  return type === 'email' ? v.toLowerCase() : v;
}

/**
 * Counts one send against the address (`subject`: what the code is sent for), the client address, and
 * the account when there is one; 429 `protocol.rate_limited` {seconds} when any is over its limit.
 * Counted outside any transaction, so a refusal is remembered.
 */
export async function countSend(app: FastifyInstance, request: FastifyRequest, subject: string, userId?: string): Promise<void> {
  const hits = [
    { key: `otc:addr:${subject}`, limit: SEND_LIMITS.addressMinute },
    { key: `otc:addr-h:${subject}`, limit: SEND_LIMITS.addressHour },
    { key: `otc:ip:${request.ip}`, limit: SEND_LIMITS.ipHour },
  ];
  if (userId) hits.push({ key: `otc:acct:${userId}`, limit: SEND_LIMITS.accountMinute }, { key: `otc:acct-h:${userId}`, limit: SEND_LIMITS.accountHour });
  await enforceRateLimits(app.database.db, hits);
}

/**
 * Runs a delivery after the answer (the answer is the same whether or not there is an account, and
 * takes about as long); a failure is logged with the request id, never shown.
 */
export function deliverLater(app: FastifyInstance, request: FastifyRequest, what: string, deliver: () => Promise<void>): void {
  setImmediate(() => {
    deliver().catch((err: unknown) => app.log.error({ err, reqId: request.id }, `[otc] ${what} could not be delivered`));
  });
}
