import { describe, expect, it } from 'vitest';
import * as protocol from '@mp/protocol';
import { resources, translate, type Locale } from '@mp/i18n';

/** Every response code of the protocol package (`Codes`, `UserCodes`, `ProductCodes`, …). */
const codes = Object.entries(protocol)
  .filter(([name, v]) => /Codes$/.test(name) && v && typeof v === 'object')
  .flatMap(([name, v]) =>
    Object.entries(v as Record<string, unknown>)
      .filter(([, c]) => typeof c === 'string')
      .map(([k, c]) => ({ name: `${name}.${k}`, code: c as string })),
  );

describe('error messages', () => {
  it('finds the codes of the protocol package', () => {
    expect(codes.length).toBeGreaterThan(100);
    expect(codes.map((c) => c.code)).toContain(protocol.Codes.NO_PERMISSION);
  });

  it.each(Object.keys(resources) as Locale[])('has a message for every response code in %s', (locale) => {
    const missing = codes.filter(({ code }) => {
      const text = translate(locale, `errors:${code}`);
      return !text || text === code || text === `errors:${code}`;
    });
    expect(missing.map((c) => `${c.name} (${c.code})`)).toEqual([]);
  });
});
