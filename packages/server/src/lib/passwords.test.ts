/**
 * Password hashing (lib/passwords.ts): the production cost stays argon2id 19 MiB, t=2 in a process that is not
 * a Vitest worker; the unit tests' cheap cost (testing/password-cost.ts, issue 17) is refused there.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hashPassword, useTestPasswordCost, verifyPassword } from './passwords.js';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Runs `code` (ESM, tsx) in a child without Vitest's VITEST variable; answers what it printed. */
function outsideVitest(code: string): string {
  const env = { ...process.env };
  delete env.VITEST;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, env, encoding: 'utf8' }).trim();
}

describe('password hashing cost', () => {
  it('hashes at the cheap test cost inside the unit tests, and the hash verifies', async () => {
    const hash = await hashPassword('Passw0rd!x');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
    expect(await verifyPassword(hash, 'Passw0rd!x')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
  });

  it('hashes at the production cost outside Vitest, where the test cost is refused', () => {
    const lib = JSON.stringify(new URL('./passwords.ts', import.meta.url).href);
    expect(outsideVitest(`const p = await import(${lib}); console.log(await p.hashPassword('x'));`)).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(
      outsideVitest(`const p = await import(${lib}); try { p.useTestPasswordCost(); console.log('allowed'); } catch (e) { console.log(e.message); }`),
    ).toBe('useTestPasswordCost is for Vitest workers only');
  }, 60_000);

  it('is refused in a process without VITEST set', () => {
    const saved = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => useTestPasswordCost()).toThrow(/Vitest workers only/);
    } finally {
      process.env.VITEST = saved;
    }
  });
});
