/**
 * Password hashing: argon2id with OWASP's minimum (19 MiB, t=2, p=1), PHC string format, by the
 * `argon2` library (issue "Foundation": passwords stored only as argon2id or scrypt hashes).
 */
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;
/** The cost the unit tests hash with (testing/password-cost.ts): still argon2id, ~1 ms instead of ~80–190 ms. */
const TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
let options: typeof OPTIONS | typeof TEST_OPTIONS = OPTIONS;

/** Hashes a plain password into a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, options);
}

/**
 * Tests only (issue 17: the unit suite hashed thousands of passwords at the production cost): new hashes in
 * this process use a tiny argon2id cost; verifying reads the cost from each hash, so both are cheap. Called
 * by the unit project's setup file (testing/password-cost.ts), never by the server. Throws outside a Vitest
 * worker (`process.env.VITEST` unset), so a production process always hashes at the production cost.
 */
export function useTestPasswordCost(): void {
  if (!process.env.VITEST) throw new Error('useTestPasswordCost is for Vitest workers only');
  options = TEST_OPTIONS;
}

/** True when `plain` matches the PHC hash; false for a malformed hash. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`not-a-real-password-${Math.random()}`);
  return dummy;
}
