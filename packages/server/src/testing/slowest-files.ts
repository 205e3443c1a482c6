/**
 * Prints the slowest test files of a Vitest run, slowest first, from its JSON report:
 *   npx vitest run --project unit --reporter=default --reporter=json --outputFile=/tmp/unit.json
 *   npx tsx packages/server/src/testing/slowest-files.ts /tmp/unit.json [count=20]
 * Each line: seconds (the file's wall time in its worker: import, hooks and tests), tests, path. The load
 * average at the time of printing is shown too, as every figure on the shared machine depends on it
 * (docs/benchmarks.md "Test suite").
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative } from 'node:path';

interface FileResult {
  name: string;
  startTime: number;
  endTime: number;
  assertionResults: unknown[];
}

const [file, count = '20'] = process.argv.slice(2);
if (!file) {
  console.error('usage: slowest-files.ts <vitest-json-report> [count]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8')) as { testResults: FileResult[] };
const rows = report.testResults
  .map((r) => ({ s: (r.endTime - r.startTime) / 1000, tests: r.assertionResults.length, path: relative(process.cwd(), r.name) }))
  .sort((a, b) => b.s - a.s);
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${rows.length} files, ${rows.reduce((t, r) => t + r.s, 0).toFixed(0)} s in workers`,
);
for (const r of rows.slice(0, Number(count))) console.log(`${r.s.toFixed(1).padStart(7)} s ${String(r.tests).padStart(4)}  ${r.path}`);
