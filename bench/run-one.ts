/**
 * One benchmark in a process of its own, for `bench/run.ts`: `tsx bench/run-one.ts <name> <rows.json>`.
 * Run in one process, a benchmark measured what the ones before it left there (a heap grown by the api
 * benchmark's load, code optimised for its shapes, its modules' timers); each now starts as it does alone.
 */
import { writeFile } from 'node:fs/promises';
import { BENCHES } from './benches';

const [name, out] = process.argv.slice(2);
const bench = BENCHES.find((b) => b.name === name);
if (!bench || !out)
  throw new Error(`usage: tsx bench/run-one.ts <${BENCHES.map((b) => b.name).join('|')}> <rows.json>`);
const { run } = await bench.load();
await writeFile(out, JSON.stringify(await run()));
// Whatever a benchmark left open (a pool, a timer) ends with its process.
process.exit(0);
