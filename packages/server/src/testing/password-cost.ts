/**
 * Unit project setup file (vitest.config.ts `setupFiles`, runs in each test file's module graph): hashes
 * passwords at a tiny argon2id cost (lib/passwords.ts `useTestPasswordCost`). Every test app's bootstrap
 * administrator and every fixture user is hashed, and each sign-in verifies one; at the production cost
 * (19 MiB, t=2) that was ~80–190 ms each on the two-core machine (docs/benchmarks.md "Test suite"). Child
 * processes the tests spawn (tsx servers) are not Vitest workers and hash at the production cost.
 * `MP_TEST_PASSWORD_COST=production` keeps the production cost (for measuring, like MP_TEST_PGLITE_TEMPLATE=off).
 */
import { useTestPasswordCost } from '../lib/passwords.js';

if (process.env.MP_TEST_PASSWORD_COST !== 'production') useTestPasswordCost();
