export { notificationRoutes } from './routes';
export { noticesOf } from './notices';
