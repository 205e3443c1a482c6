/**
 * Size check of the console build (issue 17 "Performance"): what the sign-in page's first load fetches,
 * in each language, stays within the budget. Reads the build `npm run build` made (or MP_CONSOLE_DIR);
 * on failure prints the files, biggest first. docs/benchmarks.md "Console bundle" has the figures.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPageLoad, LANGUAGE_CHUNKS, loginPageLoad, type ConsoleLanguage } from './bundle-size';

/** Gzipped bytes /login may load: the goal, 200 KB (measured ~189 KB, docs/benchmarks.md). */
const LOGIN_BUDGET_GZIP = 200_000;

const ROOT = join(import.meta.dirname, '..');
const dist = process.env.MP_CONSOLE_DIR ?? join(ROOT, 'packages/console/dist');

describe('console bundle: the sign-in page first load', () => {
  for (const language of Object.keys(LANGUAGE_CHUNKS) as ConsoleLanguage[]) {
    it(`/login in ${language} loads at most ${LOGIN_BUDGET_GZIP / 1000} KB gzipped`, () => {
      const load = loginPageLoad(dist, language);
      const table = formatPageLoad(load);
      expect(load.gzip, `/login in ${language} is over the budget:\n${table}`).toBeLessThanOrEqual(LOGIN_BUDGET_GZIP);
      // the first texts only: no whole-locale chunk (every namespace of a language) on the sign-in page
      expect(
        load.files.filter((f) => /\/(zh-CN|en-US|ja-JP)-[\w-]+\.js$/.test(f.file)),
        table,
      ).toEqual([]);
    });
  }
});
