import { describe, expect, it } from 'vitest';
import { ClientCodes } from '../codes/client.js';
import { checkRedirectUri, normaliseGrantTypes, normaliseRedirectUris } from './client.js';

describe('client rules (console and server share them)', () => {
  it('accepts https anywhere and http only on localhost / 127.0.0.1', () => {
    for (const ok of [
      'https://app.example.com/cb',
      'https://app.example.com:8443/cb?x=1',
      'http://localhost/cb',
      'http://localhost:3000/cb',
      'http://127.0.0.1:8080/a/b',
    ]) {
      expect(checkRedirectUri(ok), ok).toBeNull();
    }
    expect(checkRedirectUri('http://app.example.com/cb')?.code).toBe(ClientCodes.URI_HTTPS_REQUIRED);
    expect(checkRedirectUri('http://[::1]/cb')?.code).toBe(ClientCodes.URI_HTTPS_REQUIRED);
  });

  it('refuses relative, non-http, credentialed and fragment addresses', () => {
    expect(checkRedirectUri('/cb')?.code).toBe(ClientCodes.URI_INVALID);
    expect(checkRedirectUri('app.example.com/cb')?.code).toBe(ClientCodes.URI_INVALID);
    expect(checkRedirectUri('myapp://cb')?.code).toBe(ClientCodes.URI_INVALID);
    expect(checkRedirectUri('https://u:p@app.example.com/cb')?.code).toBe(ClientCodes.URI_INVALID);
    expect(checkRedirectUri('https://app.example.com/c b')?.code).toBe(ClientCodes.URI_INVALID);
    expect(checkRedirectUri('https://app.example.com/cb#x')?.code).toBe(ClientCodes.URI_FRAGMENT);
    expect(checkRedirectUri(`https://app.example.com/${'a'.repeat(480)}`)?.code).toBe(ClientCodes.URI_TOO_LONG);
  });

  it('trims, drops empty entries, de-duplicates and counts', () => {
    expect(normaliseRedirectUris([' https://a.example.com/ ', '', 'https://a.example.com/', 'http://localhost/'])).toEqual({
      uris: ['https://a.example.com/', 'http://localhost/'],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a.example.com/${i}`);
    expect(normaliseRedirectUris(eleven)).toEqual({ problem: { code: ClientCodes.URIS_TOO_MANY, params: { max: 10 } } });
  });

  it('orders grant types and needs the authorization code with a redirect URI', () => {
    expect(normaliseGrantTypes(['refresh_token', 'authorization_code'], 1)).toEqual({ grantTypes: ['authorization_code', 'refresh_token'] });
    expect(normaliseGrantTypes(['authorization_code'], 0)).toEqual({ problem: { code: ClientCodes.REDIRECT_URI_REQUIRED } });
    expect(normaliseGrantTypes(['refresh_token'], 1)).toEqual({ problem: { code: ClientCodes.REFRESH_NEEDS_CODE } });
    expect(normaliseGrantTypes([], 1)).toEqual({ problem: { code: ClientCodes.GRANT_TYPE_REQUIRED } });
    expect(normaliseGrantTypes(['client_credentials'], 0)).toEqual({ grantTypes: ['client_credentials'] });
    expect(normaliseGrantTypes(['client_credentials'], 0, true)).toEqual({ problem: { code: ClientCodes.CREDENTIALS_NEED_SECRET } });
  });
});
