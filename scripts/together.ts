// `tsx scripts/together.ts typecheck lint format:check`: runs npm scripts at the same time and fails when any
// fails. The static checks are one process each and single-threaded (tsc, ESLint, Prettier), so on CI's 2 cores two
// of them finish in the time of the longest instead of the sum. Each script's output is printed whole when it ends,
// so their lines do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/together.ts <npm script>...');
  process.exit(2);
}

const started = performance.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<boolean>((resolve) => {
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
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
