/**
 * Helpers of bench/signin.ts: CPU time of a child process (from /proc), the minimal oidc-provider of
 * bench/oidc-minimal.ts as a child process, and the report's printing.
 */
import { execSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { freePort, ROOT } from './server.js';
import type { SigninBenchReport } from './signin.js';

const CLK_TCK = (() => {
  try {
    return Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds (user + system, every thread) used so far by process `pid`. */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK; // utime, stime (fields 14 and 15 of stat)
}

/** The minimal provider of bench/oidc-minimal.ts as a child process, with its token. */
export async function startMinimalProvider(): Promise<{ baseUrl: string; pid: number; token: string; basic: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/oidc-minimal.ts', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`minimal provider did not start: ${out}`)), 30_000);
    child.stdout!.on('data', (d) => {
      out += d;
      const json = out.split('\n').find((l) => l.startsWith('{'));
      if (json) {
        clearTimeout(timer);
        resolve(json);
      }
    });
    child.stderr!.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`minimal provider exited (${code}): ${out}`));
    });
  });
  const m = JSON.parse(line) as { token: string; clientId: string; clientSecret: string };
  const basic = `Basic ${Buffer.from(`${m.clientId}:${m.clientSecret}`).toString('base64')}`;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    token: m.token,
    basic,
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}

/** Prints the bench's tables and failed answers. */
export function printReport(r: SigninBenchReport): void {
  console.log(
    `\nsign-in and OIDC on ${r.database}: ${r.connections} concurrent clients; server: one Node process, UV_THREADPOOL_SIZE ${r.uvThreadpoolSize}, os.availableParallelism() ${r.availableParallelism} (${cpus()[0]?.model ?? ''}); ${r.argon2}`,
  );
  const head = `${'scenario'.padEnd(34)} ${'req/s'.padStart(9)} ${'cores busy'.padStart(10)} ${'per core'.padStart(9)} ${'÷ (a)'.padStart(8)} ${'p50/p99 ms'.padStart(11)} ${'errors'.padStart(6)}`;
  console.log(`${head}\n${'-'.repeat(head.length)}`);
  for (const s of r.scenarios) {
    console.log(
      `${`(${s.key}) ${s.label}`.padEnd(34)} ${String(s.reqPerSec).padStart(9)} ${String(s.coresBusy).padStart(10)} ${String(s.perCore).padStart(9)} ${s.ratioToBaseline.toFixed(4).padStart(8)} ${`${s.latencyMs.p50}/${s.latencyMs.p99}`.padStart(11)} ${String(s.errors).padStart(6)}`,
    );
  }
  const s = r.scenarios.find((x) => x.key === 's');
  if (s)
    console.log(
      `sign-ins per core: ${s.perCore}/s  (anchor: Keycloak ${r.anchors.keycloakLoginsPerVcpu} password logins/s per vCPU → ×${(s.perCore / r.anchors.keycloakLoginsPerVcpu).toFixed(2)})`,
    );
  const o1 = r.scenarios.find((x) => x.key === 'o1');
  const hydraPerCpu = r.anchors.hydraIntrospectionsPerSecond / r.anchors.hydraCpus;
  if (o1)
    console.log(
      `introspections per core: ${o1.perCore}/s  (anchor: Ory Hydra ${r.anchors.hydraIntrospectionsPerSecond}/s on ${r.anchors.hydraCpus} CPUs = ${hydraPerCpu}/s per CPU → ×${(o1.perCore / hydraPerCpu).toFixed(2)})`,
    );
  for (const [o, m] of [
    ['o1', 'm1'],
    ['o2', 'm2'],
  ] as const) {
    const a = r.scenarios.find((x) => x.key === o);
    const b = r.scenarios.find((x) => x.key === m);
    if (a && b)
      console.log(
        `(${o}) ÷ (${m}) minimal in-memory oidc-provider of the same run: ${(a.reqPerSec / b.reqPerSec).toFixed(2)} (req/s), ${(a.perCore / b.perCore).toFixed(2)} (per core) — goal ≥ 0.5`,
      );
  }
  for (const x of r.rounds ?? [])
    console.log(
      `${x.pair} back to back in ${x.reqPerSec.length} rounds: median ${x.medianReqPerSec} (req/s), ${x.medianPerCore} (per core); rounds ${x.reqPerSec.join(', ')} / ${x.perCore.join(', ')}`,
    );
  if (r.oidcPending) console.log(`(o1), (o2): ${r.oidcPending}`);
  for (const x of r.scenarios) if (x.errorSamples.length) console.log(`failed answers of (${x.key}): ${x.errors}\n  ${x.errorSamples.join('\n  ')}`);
}
