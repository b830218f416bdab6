import type { FastifyBaseLogger } from 'fastify';
import type { DbCaches } from '../../db/caches';
import type { Db } from '../../db/client';
import { unsubscribeAll, type DomainEvents, type Unsubscribe } from '../../domain-events';
import type { JobQueue } from '../../jobs';
import { queuePhotoAnalysis } from './analysis';
import { onPhotoAdded } from './service';

/** Every listener of verification. */
export function verificationSubscriptions(deps: {
  db: Db;
  caches: DbCaches;
  events: DomainEvents;
  jobs: JobQueue;
  log: FastifyBaseLogger;
}): Unsubscribe {
  const { db, caches, events, jobs, log } = deps;
  return unsubscribeAll([
    // A new photo is analysed in the background right away, so her check is ready when she asks.
    events.on('photo.added', ({ userId, photoId }) =>
      Promise.all([queuePhotoAnalysis(jobs, userId, photoId), onPhotoAdded(db, caches, userId)]).catch(
        (error: unknown) => log.error({ err: error, userId }, 'verification could not follow a new photo'),
      ),
    ),
  ]);
}
