export {
  createJobQueue,
  retryDelayMs,
  type EnqueueOptions,
  type JobContext,
  type JobHandler,
  type JobQueue,
} from './queue';
