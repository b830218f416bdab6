export { createJobQueue, retryDelayMs, type JobQueue } from './queue';
