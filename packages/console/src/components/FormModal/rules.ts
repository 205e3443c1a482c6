/**
 * antd Form rule builders from the protocol package's rules (SPEC §5 Generic, CONVENTIONS "Validation
 * rules come from the protocol package"), so the console refuses what the server would refuse, with
 * the same words: `common:validation.*` carries the texts of the server's `errors:validation.*`.
 *
 * Pure (no DOM, no React): every builder takes a translator `t(key, params)` and a field label already
 * in the user's language. Example:
 * `textRules(t, label, { required: true, max: TENANT_RULES.code.max, pattern: TENANT_RULES.code.pattern, patternMessage })`.
 */
import type { RuleObject } from 'antd/es/form';
import { SCRIPT_TAG } from '@mp/protocol';

/** A translator: i18next's `t` narrowed to what the builders need. */
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** How a required field is filled, which picks the verb of the message (enter / select / upload). */
export type RequiredKind = 'input' | 'select' | 'upload';

const REQUIRED_KEYS: Record<RequiredKind, string> = {
  input: 'common:validation.required',
  select: 'common:validation.requiredSelect',
  upload: 'common:validation.requiredUpload',
};

/**
 * Required: 'Please enter ${0}' with the label (SPEC §5 Generic). For text, blank counts as empty.
 * Select / upload rules carry only `required` and `message`: any other key would make antd's validator
 * check the value as a string and refuse a number (e.g. a status of 1).
 */
export function requiredRule(t: Translate, label: string, kind: RequiredKind = 'input'): RuleObject {
  const message = t(REQUIRED_KEYS[kind], { field: label });
  return kind === 'input' ? { required: true, whitespace: true, message } : { required: true, message };
}

/** At most `max` characters (SPEC §5 Input max lengths 20/50/100/200). */
export function maxLengthRule(t: Translate, label: string, max: number): RuleObject {
  return { max, message: t('common:validation.too_long', { field: label, max }) };
}

/**
 * The value must match `pattern`. `message` is the rule's own text (e.g. 'The application tenant code
 * must consist of letters and numbers'); without it the generic '${label} is not in a valid format'.
 */
export function patternRule(t: Translate, label: string, pattern: RegExp, message?: string): RuleObject {
  return { pattern, message: message ?? t('common:validation.pattern', { field: label }) };
}

/** True when a submitted value (text, or any string inside arrays/objects) carries a script tag. */
export function hasScriptTag(value: unknown): boolean {
  if (typeof value === 'string') return SCRIPT_TAG.test(value);
  if (Array.isArray(value)) return value.some(hasScriptTag);
  if (value && typeof value === 'object') return Object.values(value).some(hasScriptTag);
  return false;
}

/** Refuses text with a script HTML tag (SPEC §5 Generic "submitted data with a script HTML tag rejected"). */
export function noScriptRule(t: Translate): RuleObject {
  return {
    validator: (_rule, value: unknown) => (hasScriptTag(value) ? Promise.reject(new Error(t('common:validation.script_tag'))) : Promise.resolve()),
  };
}

/** Options of `textRules`. */
export interface TextRuleOptions {
  required?: boolean;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
}

/**
 * The usual rules of a text field, in the order the user meets them: required, max length, pattern,
 * and always the script-tag refusal.
 */
export function textRules(t: Translate, label: string, opts: TextRuleOptions = {}): RuleObject[] {
  const rules: RuleObject[] = [];
  if (opts.required) rules.push(requiredRule(t, label));
  if (opts.max !== undefined) rules.push(maxLengthRule(t, label, opts.max));
  if (opts.pattern) rules.push(patternRule(t, label, opts.pattern, opts.patternMessage));
  rules.push(noScriptRule(t));
  return rules;
}

/**
 * A confirmation rule: the value must equal the field `other` after trimming (SPEC §5 Reset form:
 * "confirmation equals new password after trimming"). Use with `dependencies={[other]}`.
 */
export function sameAsRule(other: string, message: string): (form: { getFieldValue(name: string): unknown }) => RuleObject {
  return ({ getFieldValue }) => ({
    validator: (_, value: unknown) =>
      !value || String(value).trim() === String(getFieldValue(other) ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(message)),
  });
}
