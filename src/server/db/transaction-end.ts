import type { Db } from './client';

type TransactionFn = (callback: (tx: Db) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** The work waiting for the end of one outermost transaction, shared by the handles of its nested ones. */
const waiting = new WeakMap<object, Array<() => void>>();

/**
 * Makes `whenTransactionEnds` work on `db`'s transactions (called once, when a database is opened).
 * `db.transaction` and every transaction handle's `transaction` (a savepoint) register the handle they
 * pass on; when the outermost one has committed or rolled back, its waiting work runs.
 */
export function followTransactions(db: Db): void {
  const open = db.transaction.bind(db) as unknown as TransactionFn;
  (db as unknown as { transaction: TransactionFn }).transaction = async (callback, config) => {
    const ending: Array<() => void> = [];
    try {
      return await open((tx) => {
        follow(tx, ending);
        return callback(tx);
      }, config);
    } finally {
      for (const work of ending) work();
    }
  };
}

function follow(tx: Db, ending: Array<() => void>): void {
  waiting.set(tx, ending);
  const nest = tx.transaction.bind(tx) as unknown as TransactionFn;
  (tx as unknown as { transaction: TransactionFn }).transaction = (callback, config) =>
    nest((inner) => {
      follow(inner, ending);
      return callback(inner);
    }, config);
}

/** Runs `work` once the outermost transaction `tx` belongs to has ended, committed or rolled back. */
export function whenTransactionEnds(tx: Db, work: () => void): void {
  waiting.get(tx)?.push(work);
}
