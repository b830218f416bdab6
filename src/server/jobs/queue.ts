import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs, type JobRow } from '../db/schema/jobs';

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job with this key is queued or running, enqueuing another is a no-op. */
  dedupeKey?: string;
  /** Tries before the job is marked failed (default 5). */
  maxAttempts?: number;
}

interface JobContext {
  job: Pick<JobRow, 'id' | 'kind' | 'attempts' | 'maxAttempts'>;
  now: Date;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export interface JobQueue {
  /** Stores the job; it runs after this transaction (or statement) commits, even across a restart. */
  enqueue(kind: string, payload: Record<string, unknown>, options?: EnqueueOptions, tx?: Db): Promise<void>;
  /** One handler per kind. A thrown error retries the job with backoff until `maxAttempts`. */
  handle(kind: string, handler: JobHandler): void;
  /**
   * Runs `handler` every `everyMs`, on one instance at a time (the queue's row locks make sure of it), as a
   * job that re-enqueues itself: e.g. subscription renewals.
   */
  every(kind: string, everyMs: number, handler: (now: Date) => Promise<void>): void;
  /**
   * Deletes every job whose payload names one of `values` (her id, her email) in a top-level field: account
   * deletion, after which no row may name her), whether it has run or not.
   */
  forgetJobsNaming(values: readonly string[], tx?: Db): Promise<void>;
  /**
   * Deletes finished jobs past their keeping time (FINISHED_JOBS_KEPT): a done job's payload still names whom
   * it was for (a mail's address, a text's number), and every recurring run leaves a row. Returns how many.
   */
  sweepFinished(now: Date): Promise<number>;
  /** Claims and runs every due job; returns how many ran. Tests call it with a moved clock. */
  runDue(now?: Date): Promise<number>;
  /** Polls for due jobs until `stop()`. */
  start(pollMs?: number): void;
  stop(): Promise<void>;
}

/** How long a claimed job may run before another worker may take it over (a crashed instance). */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/** How often a process re-checks that every recurring job has its row (see ensureRecurring). */
const RECURRING_CHECK_MS = 60_000;

/**
 * How long a finished job's row is kept: a done one for a day (enough to look into a day's trouble), a failed
 * one for two weeks (its error is what someone investigating needs).
 */
export const FINISHED_JOBS_KEPT = { done: 24 * 3_600_000, failed: 14 * 24 * 3_600_000 } as const;
/** The recurring job that applies FINISHED_JOBS_KEPT. */
export const FINISHED_JOBS_SWEEP = 'jobs.sweep-finished';

/** 10 s, 20 s, 40 s… capped at one hour. */
export const retryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export function createJobQueue(deps: { db: Db; log: FastifyBaseLogger; now?: () => Date }): JobQueue {
  const { db, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const handlers = new Map<string, JobHandler>();
  const recurring = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const enqueue: JobQueue['enqueue'] = async (kind, payload, options = {}, tx = db) => {
    await tx
      .insert(jobs)
      .values({
        kind,
        payload,
        runAt: options.runAt ?? clock(),
        maxAttempts: options.maxAttempts ?? 5,
        dedupeKey: options.dedupeKey ?? null,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} in ('queued', 'running')` });
  };

  async function claim(now: Date): Promise<JobRow[]> {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now)),
        ),
      )
      .orderBy(jobs.runAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + LEASE_MS) })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function run(job: JobRow, now: Date): Promise<void> {
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, { job, now });
      await db
        .update(jobs)
        .set({ status: 'done', finishedAt: clock(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = job.attempts >= job.maxAttempts;
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, failed, err: message }, 'job failed');
      await db
        .update(jobs)
        .set(
          failed
            ? { status: 'failed', finishedAt: clock(), lockedUntil: null, lastError: message }
            : {
                status: 'queued',
                runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
                lockedUntil: null,
                lastError: message,
              },
        )
        .where(eq(jobs.id, job.id));
    }
    const everyMs = recurring.get(job.kind);
    if (everyMs !== undefined) await scheduleNext(job.kind, new Date(now.getTime() + everyMs));
  }

  const scheduleNext = (kind: string, runAt: Date) =>
    enqueue(kind, {}, { dedupeKey: `every:${kind}`, runAt, maxAttempts: 1 });

  /**
   * When this process last made sure each recurring job has a row. Each run schedules its successor, so
   * after the first pass this is a safety net (a row deleted by hand), not something every poll repeats:
   * five idle statements a second kept the embedded database's thread awake.
   */
  const ensured = new Map<string, number>();

  async function ensureRecurring(now: Date): Promise<void> {
    for (const kind of recurring.keys()) {
      const last = ensured.get(kind);
      if (last !== undefined && Math.abs(now.getTime() - last) < RECURRING_CHECK_MS) continue;
      // A recurring job that is neither queued nor running (first start) is due now.
      await scheduleNext(kind, now);
      ensured.set(kind, now.getTime());
    }
  }

  async function runDueOnce(now: Date): Promise<number> {
    await ensureRecurring(now);
    let count = 0;
    for (;;) {
      const claimed = await claim(now);
      for (const job of claimed) await run(job, now);
      count += claimed.length;
      if (claimed.length < BATCH) return count;
    }
  }

  return {
    enqueue,
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
      handlers.set(kind, handler);
    },
    every(kind, everyMs, handler) {
      recurring.set(kind, everyMs);
      this.handle(kind, async (_payload, { now }) => handler(now));
    },
    async forgetJobsNaming(values, tx = db) {
      // Any top-level field naming her: `userId`, the other member a notification is about (`likerId`), a mail's `to`.
      const named = values.filter((value) => value !== '');
      if (named.length === 0) return;
      await tx
        .delete(jobs)
        .where(
          sql`exists (select 1 from jsonb_each_text(${jobs.payload}) as field where field.value = any(${sql.param(named)}::text[]))`,
        );
    },
    async sweepFinished(now) {
      const before = (kept: number) => new Date(now.getTime() - kept);
      const swept = await db
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.status, 'done'), lt(jobs.finishedAt, before(FINISHED_JOBS_KEPT.done))),
            and(eq(jobs.status, 'failed'), lt(jobs.finishedAt, before(FINISHED_JOBS_KEPT.failed))),
          ),
        )
        .returning({ id: jobs.id });
      return swept.length;
    },
    async runDue(now = clock()) {
      // One pass at a time in this process; other instances are kept apart by the row locks.
      while (running) await running.catch(() => 0);
      running = runDueOnce(now);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    start(pollMs = 1000) {
      if (timer) return;
      const tick = () => {
        this.runDue()
          .catch((error: unknown) => log.error({ err: error }, 'job queue poll failed'))
          .finally(() => {
            if (timer) timer = setTimeout(tick, pollMs);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      const pending = timer;
      timer = undefined;
      if (pending) clearTimeout(pending);
      await running?.catch(() => 0);
    },
  };
}
