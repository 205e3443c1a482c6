/**
 * Server-side checks of SPEC §5 that JSON Schema cannot say with a localised message: required after
 * trimming, length, pattern, and the generic script-tag refusal. Each failure is an AppError naming
 * the field (its label comes from `errors:field.<key>` in the request's language).
 */
import { Codes, SCRIPT_TAG } from '@mp/protocol';
import { AppError } from './errors.js';

export interface TextRule {
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  /** Code raised when the pattern fails; default `validation.pattern`. */
  patternCode?: string;
}

/**
 * Returns the trimmed value after checking it; raises `validation.required`, `validation.too_long`,
 * the pattern code or `validation.script_tag`.
 */
export function checkText(fieldKey: string, value: string | undefined | null, rule: TextRule): string {
  const v = (value ?? '').trim();
  if (!v) {
    if (rule.required) throw new AppError(Codes.REQUIRED, { fieldKey });
    return v;
  }
  if (rule.max !== undefined && [...v].length > rule.max) throw new AppError(Codes.TOO_LONG, { fieldKey, max: rule.max });
  if (SCRIPT_TAG.test(v)) throw new AppError(Codes.SCRIPT_TAG, { fieldKey });
  if (rule.pattern && !rule.pattern.test(v)) throw new AppError(rule.patternCode ?? Codes.PATTERN, { fieldKey });
  return v;
}
