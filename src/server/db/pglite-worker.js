/**
 * The embedded database's own thread (started by pglite-proxy.ts). PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously: on the server's main thread one slow query stopped every request and socket.
 * Plain JavaScript so that tsx, vitest and node all start it the same way, without a TypeScript loader.
 *
 * Messages in: { id, op, ... } (see the switch); out: { id, ok: true, value } or { id, ok: false, error }.
 */
/* global Blob, structuredClone */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.js runs as a worker thread');

/** @type {{ dataDir?: string, snapshot?: ArrayBuffer, postgresqlconf?: string[] }} */
const options = workerData;

const pglite = await PGlite.create({
  ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  ...(options.snapshot ? { loadDataDir: new Blob([options.snapshot]) } : {}),
  ...(options.postgresqlconf ? { postgresqlconf: options.postgresqlconf } : {}),
});

/** Open transactions by id: each waits in PGlite's own transaction() until the main thread ends it. */
const transactions = new Map();
let nextTransaction = 1;

/** Rolls back a transaction without an error of its own reaching the caller. */
class Rollback extends Error {}

const keepText = (value) => value;

/**
 * Parsers are functions and cannot cross threads. Drizzle passes only ones that keep the text as is
 * (timestamps, dates, intervals and their arrays, which it parses itself), so their type ids are enough.
 */
function queryOptions(options) {
  if (!options) return undefined;
  const parsers = Object.fromEntries((options.textTypes ?? []).map((oid) => [oid, keepText]));
  return { ...(options.rowMode ? { rowMode: options.rowMode } : {}), parsers };
}

/** The same fields the error has on the main thread today (code, detail, constraint, …), as plain data. */
function serialiseError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain = { name: error.name, message: error.message, stack: error.stack };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    try {
      plain[key] = structuredClone(value);
    } catch {
      // Not cloneable (e.g. query options holding parser functions): not part of the error's shape.
    }
  }
  return plain;
}

/** The target of a statement: the open transaction it belongs to, or the database. */
function target(tx) {
  if (tx === undefined) return pglite;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin() {
  const id = nextTransaction++;
  return new Promise((resolveBegin, rejectBegin) => {
    const entry = {};
    entry.done = pglite
      .transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            Object.assign(entry, { tx, commit, rollback });
            transactions.set(id, entry);
            resolveBegin(id);
          }),
      )
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the caller learns it here; later failures reach it through end().
    entry.done.catch((error) => {
      if (!entry.tx) rejectBegin(error);
    });
  });
}

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  if (commit) {
    open.commit();
    await open.done;
    return;
  }
  open.rollback(new Rollback());
  await open.done.catch((error) => {
    if (!(error instanceof Rollback)) throw error;
  });
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return target(message.tx).query(message.text, message.params, queryOptions(message.options));
    case 'exec':
      return target(message.tx).exec(message.text, queryOptions(message.options));
    case 'begin':
      return begin();
    case 'end':
      return end(message.tx, message.commit);
    case 'dump': {
      const blob = await pglite.dumpDataDir(message.compression);
      return blob.arrayBuffer();
    }
    case 'close':
      return pglite.close();
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

port.on('message', (message) => {
  handle(message).then(
    (value) => port.postMessage({ id: message.id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []),
    (error) => port.postMessage({ id: message.id, ok: false, error: serialiseError(error) }),
  );
});

port.postMessage({ ready: true });
