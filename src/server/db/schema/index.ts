export * from './users';
export * from './sessions';
export * from './photos';
export * from './profiles';
export * from './discovery';
export * from './safety';
export * from './chat';
