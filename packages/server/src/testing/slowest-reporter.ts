/**
 * Vitest reporter (issue 17 "report the slowest files"), beside the default one in vitest.config.ts: at the end
 * of every run it prints, per project, the slowest test files (wall seconds from the file's start to its end,
 * tests, and — when the project ran one file at a time — the CPU seconds of the whole process tree in that
 * time: Vitest, its workers, the servers and browsers the file started), then the run's wall time, its CPU
 * seconds and the load average. On the shared two-core machine wall times depend on everyone else's work;
 * the CPU figures compare between runs (docs/benchmarks.md "Test suite").
 *
 * `MP_TEST_SLOWEST` = how many files per project (default 10; 0 prints nothing). `MP_TEST_TIMES_FILE` = a path
 * to write every file's figures to as JSON. CPU is read from /proc (Linux); elsewhere only this process's own.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** This process's own cpuacct cgroup (cgroup v1) when it is not the root one: `…/cpuacct.usage`, else undefined. */
function cgroupUsageFile(): string | undefined {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.split(':')[1]?.split(',').includes('cpuacct'));
    const path = line?.split(':')[2];
    if (!path || path === '/') return undefined;
    const controllers = line!.split(':')[1]!;
    const file = `/sys/fs/cgroup/${controllers}${path}/cpuacct.usage`;
    readFileSync(file, 'utf8');
    return file;
  } catch {
    return undefined;
  }
}
const CGROUP_USAGE = cgroupUsageFile();

/**
 * CPU seconds (user + system) used so far by `root` and every process under it. When the run has a cpuacct
 * cgroup of its own (e.g. `mkdir /sys/fs/cgroup/cpuacct/x; echo $$ > …/x/cgroup.procs` before starting Vitest),
 * the cgroup's usage: exact, orphaned processes (a closed Chromium's renderers) included. Else from /proc:
 * each live process's own time plus what its finished children used (cutime, cstime); processes that ended
 * were counted by their parent, except those whose parent had ended first (missed).
 */
export function treeCpuSeconds(root = process.pid): number {
  if (CGROUP_USAGE && root === process.pid) return Number(readFileSync(CGROUP_USAGE, 'utf8')) / 1e9;
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const e of entries) {
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // fields after the command name (which may hold spaces) in parentheses: state ppid … utime stime cutime cstime
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(e), Number(f[1]));
      ticks.set(Number(e), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    } catch {
      /* the process ended while reading */
    }
  }
  let total = 0;
  for (const [pid, t] of ticks) {
    let p: number | undefined = pid;
    while (p !== undefined && p > 1 && p !== root) p = parent.get(p);
    if (p === root) total += t;
  }
  return total / TICKS;
}

interface FileFigures {
  project: string;
  file: string;
  tests: number;
  state: string;
  wallS: number;
  /** CPU seconds of the process tree while the file ran; undefined when other files ran at the same time. */
  cpuS: number | undefined;
}

/** The reporter; `new SlowestFiles()` in vitest.config.ts `reporters`. */
export default class SlowestFiles implements Reporter {
  private started = new Map<string, { at: number; cpu: number; overlapped: boolean }>();
  private running = new Set<string>();
  private files: FileFigures[] = [];
  private runStart = Date.now();
  private runCpu = treeCpuSeconds();

  onTestRunStart(): void {
    this.runStart = Date.now();
    this.runCpu = treeCpuSeconds();
    this.files = [];
  }

  /** Called before the worker imports the file (its setup, imports, hooks and tests all count). */
  onTestModuleQueued(m: TestModule): void {
    for (const id of this.running) this.started.get(id)!.overlapped = true;
    // the process tree is read (a few ms) only while one file runs alone: with overlapping files it says nothing
    const alone = this.running.size === 0;
    this.started.set(m.id, { at: Date.now(), cpu: alone ? treeCpuSeconds() : 0, overlapped: !alone });
    this.running.add(m.id);
  }

  onTestModuleEnd(m: TestModule): void {
    const s = this.started.get(m.id);
    this.running.delete(m.id);
    if (!s) return;
    for (const id of this.running) this.started.get(id)!.overlapped = true;
    this.files.push({
      project: m.project.name,
      file: relative(process.cwd(), m.moduleId),
      tests: [...m.children.allTests()].length,
      state: m.state(),
      wallS: (Date.now() - s.at) / 1000,
      cpuS: s.overlapped ? undefined : treeCpuSeconds() - s.cpu,
    });
  }

  onTestRunEnd(): void {
    const count = Number(process.env.MP_TEST_SLOWEST ?? 10);
    const wall = (Date.now() - this.runStart) / 1000;
    const cpu = treeCpuSeconds() - this.runCpu;
    const load = loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    if (process.env.MP_TEST_TIMES_FILE) {
      writeFileSync(process.env.MP_TEST_TIMES_FILE, JSON.stringify({ wallS: wall, cpuS: cpu, load, files: this.files }, null, 2));
    }
    if (count <= 0 || this.files.length === 0) return;
    const lines = [`\nslowest files (wall s, CPU s of the process tree when the file ran alone, tests)`];
    for (const project of [...new Set(this.files.map((f) => f.project))]) {
      const rows = this.files.filter((f) => f.project === project).sort((a, b) => b.wallS - a.wallS);
      lines.push(`  ${project || '(root)'}: ${rows.length} files`);
      for (const r of rows.slice(0, count)) {
        const c = r.cpuS === undefined ? '      -' : r.cpuS.toFixed(1).padStart(7);
        lines.push(`  ${r.wallS.toFixed(1).padStart(7)} ${c} ${String(r.tests).padStart(4)}  ${r.file}${r.state === 'passed' ? '' : ` (${r.state})`}`);
      }
    }
    lines.push(`  run: ${wall.toFixed(0)} s wall, ${cpu.toFixed(0)} s CPU (${(cpu / wall).toFixed(2)} cores), load average ${load}`);
    console.log(lines.join('\n'));
  }
}
