import { readFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, configurationMarkdown, EnvSchema, parseEnv } from './config-env.js';
import { loadConfig } from './config.js';
import { CONFIGURATION_DOC } from './scripts/config-doc.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The ConfigError's problems for `env` (fails the test when it does not throw one). */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('no ConfigError');
}

describe('configuration schema (issue 17)', () => {
  it('fills the defaults and converts numbers', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('0.0.0.0');
    expect(c.loginCaptcha).toBe('1');
    expect(c.shutdownTimeoutMs).toBe(25_000);
    expect(c.metrics).toEqual({ enabled: false, token: undefined, allow: 'loopback' });
    const d = loadConfig({ PORT: '9090', MP_POLICY_CACHE: '0', MP_LOGIN_CAPTCHA: '2', HOST: '', MP_SHUTDOWN_TIMEOUT: '3' });
    expect([d.port, d.policyCache.enabled, d.loginCaptcha, d.host, d.shutdownTimeoutMs]).toEqual([9090, false, '2', '0.0.0.0', 3000]);
  });

  it('refuses a value outside its type or range, naming the variable, its value and what it must be', () => {
    expect(problemsOf({ PORT: 'abc' })).toEqual([expect.stringMatching(/^PORT="abc" is not valid: it must be an integer from 0 to 65535/)]);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT="70000"/);
    expect(problemsOf({ MP_LOGIN_CAPTCHA: '3' })[0]).toMatch(/^MP_LOGIN_CAPTCHA="3" is not valid: it must be one of "0", "1", "2"/);
    expect(problemsOf({ LOG_LEVEL: 'verbose' })[0]).toMatch(/^LOG_LEVEL=/);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL=\(hidden\)/); // credentials are not echoed
    expect(problemsOf({ MP_METRICS_TOKEN: 'short' })[0]).toMatch(/^MP_METRICS_TOKEN=\(hidden\)/);
    expect(problemsOf({ MP_FRAME_ANCESTORS: 'javascript:x' })[0]).toMatch(/^MP_FRAME_ANCESTORS/);
    // every bad variable at once, not only the first
    expect(problemsOf({ PORT: 'abc', MP_DB_POOL: '0', MP_TOKEN_TTL_MIN: '1.5' }).map((p) => p.split('=')[0])).toEqual([
      'PORT',
      'MP_DB_POOL',
      'MP_TOKEN_TTL_MIN',
    ]);
  });

  it('declares every variable the server reads (process.env / env.X in the server sources)', () => {
    const declared = new Set(Object.keys(EnvSchema.properties));
    // variables read elsewhere than config.ts, collected by `grep -rhno 'env\.[A-Z_]*' src` (tests, harness and scripts excluded)
    for (const name of [
      'MP_DB_POOL',
      'MP_DB_START_TIMEOUT',
      'MP_ANALYZE_MINUTES',
      'MP_LICENCE_PUBLIC_KEY',
      'MP_SIGNIN_RATE_ACCOUNT',
      'MP_SIGNIN_RATE_IP',
      'MP_SIGNIN_RATE_ACCOUNT_ALL',
      'MP_CAPTCHA_RATE_IP',
      'MP_LOGIN_CONFIG',
      'MP_SMS_PROVIDER',
      'NODE_ENV',
      'MP_RESET_TTL_MIN',
      'MP_PUBLIC_URL',
    ]) {
      expect(declared.has(name), name).toBe(true);
    }
    for (const [name, s] of Object.entries(EnvSchema.properties)) expect((s as { description?: string }).description, name).toBeTruthy();
    expect(parseEnv({ UNRELATED: 'x' })).not.toHaveProperty('UNRELATED');
  });

  it('docs/configuration.md is the one generated from the schema (scripts/config-doc.ts)', () => {
    expect(readFileSync(CONFIGURATION_DOC, 'utf8')).toBe(configurationMarkdown());
  });

  it('PORT=abc stops the real server with a message naming PORT and exit code 2', async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: 'abc', MP_DATA_DIR: 'memory://', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
    });
    proc.stderr.on('data', (d) => {
      out += d;
    });
    const code = await new Promise<number | null>((r) => proc.once('exit', r));
    expect(code).toBe(2);
    expect(out).toContain('MP3.0 cannot start: invalid configuration');
    expect(out).toContain('PORT="abc" is not valid: it must be an integer from 0 to 65535');
  }, 60_000);
});
