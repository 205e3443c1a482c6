/**
 * Input hygiene of every gateway route, before schema validation (docs/security.md "Input"; SPEC §5
 * Generic "submitted data with a script HTML tag rejected"). One rule for every field of every route,
 * so no route can forget it:
 * - no string (value or key) in the body, query or params holds a NUL character or an unpaired UTF-16
 *   surrogate (PostgreSQL cannot store either; they only ever come from a broken or hostile client);
 * - no object key is `__proto__`, `constructor` or `prototype` (prototype pollution);
 * - no body string holds a script tag (`SCRIPT_TAG`);
 * - nesting is at most `MAX_DEPTH` levels.
 * A violation answers HTTP 400 with the envelope, the field's path in `data.errors` and a localised
 * message; nothing runs, so nothing is written.
 */
import type { FastifyInstance } from 'fastify';
import { Codes, SCRIPT_TAG } from '@mp/protocol';
import { AppError } from '../lib/errors.js';

/** Deepest nesting of objects and arrays a request may send. */
export const MAX_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL in input is this check's purpose
const BAD_CHARACTERS = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one field of a request. */
export interface InputProblem {
  /** Dotted path of the field (`body.users.0.name`). */
  field: string;
  /** `Codes.INPUT_BAD_CHARACTERS`, `Codes.INPUT_BAD_KEY`, `Codes.INPUT_TOO_DEEP` or `Codes.SCRIPT_TAG`. */
  code: string;
}

/** True when `s` holds a NUL or an unpaired surrogate. */
export function hasBadCharacters(s: string): boolean {
  return BAD_CHARACTERS.test(s);
}

/**
 * The first problem in `value` (a parsed JSON body, query or params object), or undefined.
 * `scripts` also refuses script tags in strings (bodies only: a query is never stored).
 */
export function findInputProblem(value: unknown, path: string, scripts: boolean, depth = 0): InputProblem | undefined {
  if (typeof value === 'string') {
    if (hasBadCharacters(value)) return { field: path, code: Codes.INPUT_BAD_CHARACTERS };
    if (scripts && SCRIPT_TAG.test(value)) return { field: path, code: Codes.SCRIPT_TAG };
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return { field: path, code: Codes.INPUT_TOO_DEEP };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = findInputProblem(value[i], `${path}.${i}`, scripts, depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  // Only plain data (parsed JSON; query strings, whose objects have a prototype-less prototype); a
  // multipart file stream or a Buffer is not walked.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return undefined;
  for (const key of Object.keys(value)) {
    const field = `${path}.${hasBadCharacters(key) ? '?' : key}`;
    if (hasBadCharacters(key)) return { field, code: Codes.INPUT_BAD_CHARACTERS };
    if (FORBIDDEN_KEYS.has(key)) return { field, code: Codes.INPUT_BAD_KEY };
    const p = findInputProblem((value as Record<string, unknown>)[key], field, scripts, depth + 1);
    if (p) return p;
  }
  return undefined;
}

/** Registers the check as a `preValidation` hook (after the guard: an unsigned request is refused first). */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem =
      findInputProblem(request.params, 'params', false) ?? findInputProblem(request.query, 'query', false) ?? findInputProblem(request.body, 'body', true);
    if (problem) {
      throw new AppError(problem.code, { field: problem.field }, 400, { errors: [{ field: problem.field, message: problem.code }] });
    }
  });
}
