export { createJobQueue, FINISHED_JOBS_SWEEP, retryDelayMs, type JobQueue } from './queue';
