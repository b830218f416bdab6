// The verification feature's public surface: its routes; badges learn of approvals by the 'verification.approved' event.
export { verificationRoutes } from './routes';
export { verificationSubscriptions } from './subscriptions';
export { selfieKeysOf } from './service';
