export { notificationRoutes } from './routes';
export { noticesOf } from './notices';
export { pushDevicesOf } from './push/subscriptions';
export { queueDirectPush } from './delivery';
