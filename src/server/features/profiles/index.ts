// The profiles feature's public surface: what other features and the app may use.
export { dayStreakOf } from './activity';
export { renderPhoto } from './image-pipeline';
export { perceptualHash } from './phash';
export { storedPhotosOf } from './photos';
export {
  answersPrompt,
  countProfileViews,
  hasTwoPhotos,
  photoKeysOfMember,
  photoOfMember,
  photoOwnersNearHash,
  photosCopiedFromOthers,
} from './repository';
export { photoKeyOfUrl, photoThumbnailsById } from './liked-items';
export { profileRoutes } from './routes';
export { presentPublic, type EarnedBadgesOf } from './service';
export { isUuid } from './service';
// Media storage moved to src/server/media; these names stay importable from here for callers written before.
export { newMediaKey, type MediaStorage } from '../../media';
export { getSelfUser, memberBylines, memberSummaries, photoUrlsOf, presentSelf, reviewSubjects } from './users';
export { photoKeysOf, photosOf } from './personal-data';
export { renderChatImage, sniffImageType } from './image-pipeline';
export { inspectVoice, parseWaveform } from './audio-pipeline';
export { statusVoiceKeysOf, statusVoiceOf } from './status';
