import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

interface PgliteWorkerOptions {
  dataDir?: string;
  snapshot?: Blob;
  /** postgresql.conf lines, e.g. `shared_buffers = 16MB`. */
  postgresqlconf?: string[];
}

/** The part of PGlite's client that Drizzle's pglite driver, the migrator and our scripts use. */
export interface PgliteClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteTransactionClient) => Promise<T>): Promise<T>;
  dumpDataDir(compression?: 'auto' | 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
}

type PgliteTransactionClient = Pick<PgliteClient, 'query' | 'exec'>;

type Request =
  | { op: 'query'; text: string; params: unknown[]; options?: WireQueryOptions; tx?: number }
  | { op: 'exec'; text: string; options?: WireQueryOptions; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump'; compression?: string }
  | { op: 'close' };

/** Query options as data: parser functions cannot cross threads (see pglite-worker.js). */
interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  textTypes?: number[];
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

function toWire(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    textTypes: Object.keys(options.parsers ?? {}).map(Number),
  };
}

/** The worker's error rebuilt with the same fields (code, detail, constraint, …) and a stack from this side. */
function toError(plain: Record<string, unknown>, stack: string | undefined): Error {
  const error = new Error(typeof plain.message === 'string' ? plain.message : 'database error');
  for (const [key, value] of Object.entries(plain)) {
    if (key !== 'stack' && key !== 'message') (error as unknown as Record<string, unknown>)[key] = value;
  }
  if (stack) error.stack = `${error.name}: ${error.message}\n${stack.split('\n').slice(1).join('\n')}`;
  return error;
}

/**
 * PGlite in a worker thread, behind PGlite's client interface so Drizzle's pglite driver uses it
 * unchanged: the event loop keeps serving requests and sockets while a query runs.
 *
 * Statements queue in the worker exactly as on one PGlite: a transaction holds PGlite's transaction
 * lock from BEGIN to COMMIT/ROLLBACK, so a statement from outside it waits there and never interleaves.
 */
export async function startPgliteWorker(options: PgliteWorkerOptions): Promise<PgliteClient> {
  const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: {
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(snapshot ? { snapshot } : {}),
      ...(options.postgresqlconf ? { postgresqlconf: options.postgresqlconf } : {}),
    },
    ...(snapshot ? { transferList: [snapshot] } : {}),
  });
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; stack?: string }
  >();
  let nextId = 1;
  let failure: Error | undefined;
  let closed = false;

  // An idle worker must not keep the process alive (PGlite on the main thread did not either), but one
  // with a request in flight must: a script awaiting its last query would otherwise exit mid-await.
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };

  const failAll = (error: Error) => {
    failure ??= error;
    for (const request of pending.values()) request.reject(error);
    pending.clear();
  };

  await new Promise<void>((resolve, reject) => {
    const onMessage = (message: { ready?: true }) => {
      if (!message.ready) return;
      worker.off('error', onError);
      worker.off('message', onMessage);
      resolve();
    };
    const onError = (error: Error) => {
      worker.off('message', onMessage);
      void worker.terminate();
      reject(error);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
  });

  worker.on('message', (reply: Reply) => {
    const request = pending.get(reply.id);
    if (!request) return;
    pending.delete(reply.id);
    settle();
    if (reply.ok) request.resolve(reply.value);
    else request.reject(toError(reply.error, request.stack));
  });
  worker.on('error', (error) => failAll(error));
  worker.on('exit', (code) => {
    if (!closed) failAll(new Error(`The embedded database's worker stopped (exit code ${code})`));
  });
  worker.unref();

  const call = <T>(request: Request): Promise<T> => {
    if (failure) return Promise.reject(failure);
    if (closed) return Promise.reject(new Error('The embedded database is closed'));
    const id = nextId++;
    const stack = new Error().stack;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject, ...(stack ? { stack } : {}) });
      worker.ref();
      try {
        worker.postMessage({ id, ...request });
      } catch (error) {
        // A parameter that cannot be cloned (a function, say) never reaches the worker.
        pending.delete(id);
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  };

  const statements = (tx?: number): PgliteTransactionClient => ({
    query: (text, params = [], queryOptions) => {
      const wire = toWire(queryOptions);
      return call({ op: 'query', text, params, ...(wire ? { options: wire } : {}), ...(tx ? { tx } : {}) });
    },
    exec: (text, queryOptions) => {
      const wire = toWire(queryOptions);
      return call({ op: 'exec', text, ...(wire ? { options: wire } : {}), ...(tx ? { tx } : {}) });
    },
  });

  return {
    ...statements(),
    async transaction(callback) {
      const tx = await call<number>({ op: 'begin' });
      let result;
      try {
        result = await callback(statements(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async dumpDataDir(compression) {
      const bytes = await call<ArrayBuffer>({ op: 'dump', ...(compression ? { compression } : {}) });
      return new Blob([bytes]);
    },
    async close() {
      if (closed) return;
      try {
        if (!failure) await call({ op: 'close' });
      } finally {
        closed = true;
        await worker.terminate();
      }
    },
  };
}

/** Drizzle's pglite driver is typed for PGlite itself; it calls only what PgliteClient has. */
export const asPglite = (client: PgliteClient) => client as unknown as PGlite;
