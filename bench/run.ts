/**
 * `npm run bench`: every benchmark in one run, one table (measurement, target, result, PASS/MISS),
 * and the rows as JSON in bench/results/ for comparing runs.
 *
 *   npm run bench                                   # embedded PGlite, 100 000 members for discovery
 *   DATABASE_URL=postgres://… npm run bench         # PostgreSQL, 1 000 000 members, and the swipe benchmark
 *   BENCH_ONLY=discovery,api npm run bench          # a subset
 *   npm run bench -- --only lighthouse              # the same, as an argument
 *
 * Ratios are measured against a baseline in the same run (a bare route, a bare relay), so a slower
 * machine moves both sides. Benchmarks run one after another, each in a process of its own
 * (bench/run-one.ts): each needs the whole machine, and none measures what an earlier one left behind.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BENCHES } from './benches';
import type { BenchRow } from './report';

/** Runs one benchmark in a fresh process (bench/run-one.ts) and returns its rows. */
async function runAlone(name: string): Promise<BenchRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'steep-bench-rows-'));
  const out = path.join(dir, 'rows.json');
  try {
    // The same node and loader flags (tsx's) as this process.
    const child = spawn(
      process.execPath,
      [...process.execArgv, path.join(import.meta.dirname, 'run-one.ts'), name, out],
      {
        stdio: 'inherit',
      },
    );
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`exited with ${code}`);
    return JSON.parse(await readFile(out, 'utf8')) as BenchRow[];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const postgres = Boolean(process.env.DATABASE_URL);
const onlyArg = process.argv.indexOf('--only');
const only = (onlyArg > 0 ? process.argv[onlyArg + 1] : process.env.BENCH_ONLY)?.split(',').map((s) => s.trim());
const rows: Array<BenchRow & { bench: string }> = [];
const started = Date.now();

for (const bench of BENCHES) {
  if (only && !only.includes(bench.name)) continue;
  if (bench.postgresOnly && !postgres) continue;
  process.stdout.write(`\n── ${bench.name} ${'─'.repeat(Math.max(0, 70 - bench.name.length))}\n`);
  try {
    for (const row of await runAlone(bench.name)) rows.push({ bench: bench.name, ...row });
  } catch (error) {
    // One broken benchmark is a MISS in the table, not a lost run.
    const message = error instanceof Error ? error.message : String(error);
    rows.push({
      bench: bench.name,
      measurement: `${bench.name} benchmark`,
      target: 'runs',
      result: `failed: ${message.slice(0, 120)}`,
      value: NaN,
      unit: '',
      pass: false,
    });
  }
}

const verdict = (pass: boolean | null) => (pass === null ? '' : pass ? 'PASS' : 'MISS');
const widths = {
  measurement: Math.max(11, ...rows.map((r) => r.measurement.length)),
  target: Math.max(6, ...rows.map((r) => r.target.length)),
  result: Math.max(6, ...rows.map((r) => r.result.length)),
};
const line = (m: string, t: string, r: string, v: string) =>
  `| ${m.padEnd(widths.measurement)} | ${t.padEnd(widths.target)} | ${r.padEnd(widths.result)} | ${v.padEnd(4)} |`;
const table = [
  line('Measurement', 'Target', 'Result', ''),
  `|${'-'.repeat(widths.measurement + 2)}|${'-'.repeat(widths.target + 2)}|${'-'.repeat(widths.result + 2)}|------|`,
  ...rows.map((r) => line(r.measurement, r.target, r.result, verdict(r.pass))),
].join('\n');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${os.loadavg()[0]!.toFixed(1)}`;
process.stdout.write(`\n${postgres ? 'PostgreSQL' : 'PGlite'} — ${machine}\n\n${table}\n`);

const misses = rows.filter((r) => r.pass === false).length;
process.stdout.write(
  `\n${rows.filter((r) => r.pass).length} PASS, ${misses} MISS in ${Math.round((Date.now() - started) / 1000)} s\n`,
);
const dir = path.join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
const file = path.join(
  dir,
  `${new Date().toISOString().replace(/[:.]/g, '-')}-${postgres ? 'postgres' : 'pglite'}.json`,
);
await writeFile(
  file,
  `${JSON.stringify({ at: new Date().toISOString(), database: postgres ? 'postgres' : 'pglite', machine, rows }, null, 2)}\n`,
);
process.stdout.write(`rows written to ${path.relative(process.cwd(), file)}\n`);
