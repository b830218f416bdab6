// Media storage: one interface for every file members upload (photos, selfies, chat media, report
// copies), on local disk (the embedded default) or in an S3-compatible bucket.
export { createMediaDeletes, type MediaDeletes } from './deletes';
export { DISK_FOLDERS, localDiskStorage } from './disk';
export { mediaOrigins, servePublicMedia } from './serve';
export { diskMediaSpaces, openMediaSpaces, s3SettingsOf } from './spaces';
export {
  assertMediaKey,
  contentTypeOf,
  isMediaKey,
  MEDIA_SPACE_NAMES,
  MEDIA_SPACES,
  MediaNotFoundError,
  newMediaKey,
  type MediaSpace,
  type MediaSpaces,
  type MediaStorage,
  type MediaVisibility,
} from './storage';
export { configurePublicMediaUrls, MEDIA_PREFIX, publicMediaKey, publicMediaUrl } from './urls';
