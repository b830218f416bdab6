// `tsx scripts/together.ts lint typecheck+format:check+test:unit`: runs npm scripts at the same time and fails when
// any fails; `a+b` runs b after a, and not when a failed. The static checks are one process each and single-threaded
// (tsc, ESLint, Prettier), and type-aware ESLint alone outlasts the other two, so on CI's 2 cores the unit tests use
// the core it leaves instead of waiting for it. Each script's output is printed whole when it ends, so their lines
// do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/together.ts <npm script>[+<npm script>...]...');
  process.exit(2);
}

const started = performance.now();

function run(script: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `\n== ${script}: ${ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s\n`,
      );
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

async function runInTurn(chain: string): Promise<boolean> {
  for (const script of chain.split('+')) if (!(await run(script))) return false;
  return true;
}

const results = await Promise.all(scripts.map(runInTurn));
process.exit(results.every(Boolean) ? 0 : 1);
