// Media storage: one interface for every file members upload (photos, selfies, chat media, report
// copies), on local disk (the embedded default) or in an S3-compatible bucket.
export { createMediaDeletes, type MediaDeletes } from './deletes';
export { servePublicMedia } from './serve';
export { diskMediaSpaces, openMediaSpaces } from './spaces';
export { newMediaKey, type MediaSpaces, type MediaStorage } from './storage';
export { configurePublicMediaUrls, MEDIA_PREFIX, publicMediaKey, publicMediaUrl } from './urls';
