/**
 * What an error may put into the server's log (CONVENTIONS "Security": secrets and password hashes
 * never leave the server — log shipping included). A database error from drizzle carries the failed
 * statement's parameters, in its message ("Failed query: … params: …") and as `params`; for a user
 * insert those are password hashes and personal data. `safeErrorForLog` is the logger's `err`
 * serializer (app.ts): it keeps what an operator needs (type, message without the parameters, SQLSTATE
 * `code`, constraint, stack, the cause chain) and drops the parameters and every other property.
 */

/** An error as it is logged. */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: string | undefined;
  constraint?: string | undefined;
  cause?: LoggedError | undefined;
}

const PARAMS = /\nparams: [\s\S]*?(?=\n\s+at |$)/g;

/** `text` without the "params: …" part drizzle appends to a failed query's message (and stack). */
export function withoutParams(text: string): string {
  return text.replace(PARAMS, '\nparams: [not logged]');
}

/**
 * The loggable form of `err` (any thrown value); follows `cause` up to `depth` levels.
 * Non-errors are logged by their type only.
 */
export function safeErrorForLog(err: unknown, depth = 4): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: '', stack: '' };
  const e = err as Error & { code?: unknown; constraint?: unknown; cause?: unknown };
  return {
    type: e.constructor?.name || e.name,
    message: withoutParams(e.message),
    stack: e.stack ? withoutParams(e.stack) : '',
    code: typeof e.code === 'string' ? e.code : undefined,
    constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
    cause: e.cause !== undefined && depth > 0 ? safeErrorForLog(e.cause, depth - 1) : undefined,
  };
}
