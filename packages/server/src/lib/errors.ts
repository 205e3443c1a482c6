/**
 * Typed application errors (CONVENTIONS "Errors"): throw `new AppError(code, params)` or
 * `assert(cond, code, params)`; the error plugin turns it into the envelope with the message in
 * the request's language (`errors:<code>` in @mp/i18n).
 */
import { Codes } from '@mp/protocol';

export class AppError extends Error {
  constructor(
    /** A code of `Codes` (SPEC numeric or `domain.reason`). */
    public readonly code: string,
    /** Interpolation values for the message. */
    public readonly params: Record<string, unknown> = {},
    /** HTTP status: 200 for business outcomes (PROTOCOL.md), 401/400/413/429 for protocol ones. */
    public readonly status = 200,
    /** Extra `data` for the envelope (e.g. field errors). */
    public readonly data?: unknown,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** Throws `AppError(code, params)` unless `cond` holds. */
export function assert(cond: unknown, code: string, params?: Record<string, unknown>): asserts cond {
  if (!cond) throw new AppError(code, params);
}

/** A protocol refusal answered with HTTP 401 (PROTOCOL.md Signature). */
export function unauthorized(code: string, params?: Record<string, unknown>): AppError {
  return new AppError(code, params, 401);
}

export { Codes };
