import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorText } from './server-error';

class FakeApiError extends Error {
  constructor(message: string, public scode: string, public data: unknown) {
    super(message);
  }
}

describe('server errors in the form modal', () => {
  it('reads the scode of an API error and nothing from other values', () => {
    expect(errorCodeOf(new FakeApiError('in use', 'tenant.code_in_use', {}))).toBe('tenant.code_in_use');
    expect(errorCodeOf(new Error('x'))).toBe('');
    expect(errorCodeOf('boom')).toBe('');
  });
  it('shows the field errors of a 400 envelope, else the message', () => {
    expect(errorText(new FakeApiError('bad', 'protocol.body_invalid', { errors: [{ message: 'name too long' }, 'code missing'] }))).toBe('name too long; code missing');
    expect(errorText(new FakeApiError('The tenant code "a" is already in use', 'tenant.code_in_use', {}))).toBe('The tenant code "a" is already in use');
    expect(errorText(undefined)).toBe('');
  });
});
