// The moderation feature's public surface: the console's routes, for the app.
export { moderationRoutes } from './routes';
