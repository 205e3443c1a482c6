import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { i18nOptions, resources } from '@mp/i18n';
import { TENANT_RULES } from '@mp/protocol';
import { hasScriptTag, maxLengthRule, noScriptRule, patternRule, requiredRule, sameAsRule, textRules, type Translate } from './rules';

const i18n = i18next.createInstance();
void i18n.init({ ...i18nOptions, lng: 'en-US' });
const t: Translate = (key, params) => i18n.t(key, params) as string;

/** Runs antd-style rules the way antd would for the parts these builders use. */
async function check(rules: ReturnType<typeof textRules>, value: string): Promise<string[]> {
  const errors: string[] = [];
  for (const r of rules) {
    if (typeof r === 'function') continue;
    if (r.required && (value === '' || (r.whitespace && value.trim() === ''))) errors.push(String(r.message));
    if (r.max !== undefined && value.length > r.max) errors.push(String(r.message));
    if (r.pattern && value !== '' && !r.pattern.test(value)) errors.push(String(r.message));
    if (r.validator) await Promise.resolve(r.validator(r as never, value, () => undefined)).catch((e: Error) => errors.push(e.message));
  }
  return errors;
}

describe('form rules from protocol rules', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: ${0} is the message template's placeholder, quoted in the test's name
  it('required says "Please enter ${0}" with the field label, by kind', () => {
    expect(requiredRule(t, 'tenant name')).toMatchObject({ required: true, message: 'Please enter tenant name' });
    expect(requiredRule(t, 'status', 'select')).toEqual({ required: true, message: 'Please select status' });
    expect(requiredRule(t, 'logo', 'upload').message).toBe('Please upload logo');
  });
  it('max length names the label and the limit', () => {
    expect(maxLengthRule(t, 'tenant code', 20)).toMatchObject({ max: 20, message: 'tenant code cannot be longer than 20 characters' });
  });
  it('the tenant code pattern refuses anything but letters and digits with the spec text', async () => {
    const rules = textRules(t, 'tenant code', {
      required: true,
      max: TENANT_RULES.code.max,
      pattern: TENANT_RULES.code.pattern,
      patternMessage: t('tenant:codePattern'),
    });
    expect(await check(rules, 'east01')).toEqual([]);
    expect(await check(rules, 'east-01')).toEqual(['The application tenant code must consist of letters and numbers']);
    expect(await check(rules, '   ')).toContain('Please enter tenant code');
    expect(await check(rules, 'a'.repeat(21))).toContain('tenant code cannot be longer than 20 characters');
  });
  it('pattern without its own message uses the generic format text', () => {
    expect(patternRule(t, 'code', /^a$/).message).toBe('code is not in a valid format');
  });
  it('refuses a script tag anywhere in the submitted value', async () => {
    expect(hasScriptTag('<script>alert(1)</script>')).toBe(true);
    expect(hasScriptTag(['ok', { a: '< / SCRIPT >' }])).toBe(true);
    expect(hasScriptTag('a < b, description')).toBe(false);
    expect(await check([noScriptRule(t)], 'x<script src=a>')).toEqual(['Submitted data must not contain a script tag']);
  });
  it('the console says the same as the server for every generic validation text, in every locale', () => {
    for (const locale of Object.keys(resources) as (keyof typeof resources)[]) {
      const console = resources[locale].common.validation;
      const server = resources[locale].errors.validation;
      expect(console.required).toBe(server.required);
      expect(console.too_long).toBe(server.too_long);
      expect(console.pattern).toBe(server.pattern);
      expect(console.script_tag).toBe(server.script_tag);
      expect(resources[locale].tenant.codePattern).toBe(resources[locale].errors.tenant.code_pattern);
    }
  });
});

describe('sameAsRule', () => {
  const form = (other: string) => ({ getFieldValue: () => other });
  const check = (value: string, other: string) => sameAsRule('pwd', 'two passwords inconsistent')(form(other)).validator!({} as never, value, () => undefined);
  it('accepts a confirmation equal to the other field after trimming, refuses a different one', async () => {
    await expect(check(' Passw0rd ', 'Passw0rd')).resolves.toBeUndefined();
    await expect(check('Passw0rd', 'Other123')).rejects.toThrow('two passwords inconsistent');
  });
});
