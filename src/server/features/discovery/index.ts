export { bestCandidates } from './service';
export { discoveryRoutes } from './routes';
export { setGhost } from './ghost';
export { popularInterestsNear } from './popular-interests';
