import path from 'node:path';
import type { Config } from '../config';
import { DISK_FOLDERS, localDiskStorage } from './disk';
import { MEDIA_SPACE_NAMES, type MediaSpace, type MediaSpaces, type MediaStorage } from './storage';

/** The S3 settings from the environment (config.ts has checked that a bucket is named). */
export function s3SettingsOf(config: Config) {
  return {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    bucket: config.S3_BUCKET ?? '',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

export function diskMediaSpaces(dataDir: string): MediaSpaces {
  const spaces = {} as Record<MediaSpace, MediaStorage>;
  for (const space of MEDIA_SPACE_NAMES) {
    spaces[space] = localDiskStorage(path.resolve(dataDir, DISK_FOLDERS[space]), space);
  }
  return spaces;
}

/**
 * Every media space of the configured store: `disk` (DATA_DIR, one instance) or `s3` (one bucket that
 * every instance shares). The AWS SDK is loaded only in s3 mode: the embedded default does not pay
 * its memory.
 */
export async function openMediaSpaces(config: Config): Promise<MediaSpaces> {
  if (config.MEDIA_STORE === 'disk') return diskMediaSpaces(config.DATA_DIR);
  const { createS3Client, s3Storage } = await import('./s3');
  const settings = s3SettingsOf(config);
  const client = createS3Client(settings);
  const spaces = {} as Record<MediaSpace, MediaStorage>;
  for (const space of MEDIA_SPACE_NAMES) spaces[space] = s3Storage(client, settings.bucket, space);
  return spaces;
}
