/**
 * The core layer: what every feature needs, below all of them. Features and http/ import it from
 * here; it imports no feature (the steep/layers lint rule enforces it). See docs/architecture.md.
 */
export * from './account-state';
export * from './acting-user';
export * from './blocks';
export * from './presence';
export * from './sessions';
export * from './users';
export * from './discovery-members';
