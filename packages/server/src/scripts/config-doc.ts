/**
 * Writes docs/configuration.md from the configuration schema (config-env.ts `configurationMarkdown`):
 * `npm run config:doc`. config-env.test.ts fails while the file differs from what this would write.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configurationMarkdown } from '../config-env.js';

/** docs/configuration.md of the repository. */
export const CONFIGURATION_DOC = fileURLToPath(new URL('../../../../docs/configuration.md', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CONFIGURATION_DOC, configurationMarkdown());
  console.log(`wrote ${CONFIGURATION_DOC}`);
}
