export { notificationRoutes } from './routes';
export { notificationDelivery } from './delivery-setup';
export { notificationsSubscriptions } from './subscriptions';
export { noticesOf } from './notices';
export { pushDevicesOf } from './push/subscriptions';
export { queueDirectPush } from './delivery';
