import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on the server's maintenance connection (`baseUrl`'s database). */
async function admin(baseUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty PostgreSQL database on `baseUrl`'s server for one benchmark run (the app migrates it
 * when it opens it), and `drop` to remove it afterwards (BENCH_KEEP=1 keeps it to look at).
 */
export async function scratchDatabase(
  baseUrl: string,
  label: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `steep_bench_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (process.env.BENCH_KEEP === '1') process.stdout.write(`kept database ${name}\n`);
      else await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
