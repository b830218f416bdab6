// The account feature's public surface (Settings → account): the app registers its routes.
export { accountRoutes } from './routes';
