import { describe, expect, it } from 'vitest';
import { errorCodeOf, errorText, unshownFailureText } from './server-error';

class FakeApiError extends Error {
  constructor(
    message: string,
    public scode: string,
    public data: unknown,
  ) {
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
    expect(errorText(new FakeApiError('bad', 'protocol.body_invalid', { errors: [{ message: 'name too long' }, 'code missing'] }))).toBe(
      'name too long; code missing',
    );
    expect(errorText(new FakeApiError('The tenant code "a" is already in use', 'tenant.code_in_use', {}))).toBe('The tenant code "a" is already in use');
    expect(errorText(undefined)).toBe('');
  });
  it("answers the caller's text only for a 400 the client left unshown: the server's message, else the fallback", () => {
    const refused = Object.assign(new FakeApiError('The role is in use', 'role.in_use', {}), { status: 400 });
    expect(unshownFailureText(refused, 'Delete failed')).toBe('The role is in use');
    expect(unshownFailureText(Object.assign(new FakeApiError('', 'x', {}), { status: 400 }), 'Delete failed')).toBe('Delete failed');
    expect(unshownFailureText(Object.assign(new FakeApiError('boom', 'x', {}), { status: 500 }), 'Delete failed')).toBe('');
    expect(unshownFailureText(Object.assign(new FakeApiError('no', '10009029001', {}), { status: 200 }), 'Upload failed')).toBe('');
    expect(unshownFailureText(new Error('network'), 'Upload failed')).toBe('');
  });
});
