/**
 * `npm run media:migrate`: copies the disk media store (DATA_DIR) into the S3 bucket named by the
 * S3_* variables, verifying each object by SHA-256. Safe to interrupt and run again.
 */
import { loadConfig } from '../src/server/config';
import { createS3Client } from '../src/server/media/s3';
import { migrateDiskToBucket } from '../src/server/media/migrate';
import { s3SettingsOf } from '../src/server/media/spaces';

const config = loadConfig({ ...process.env, MEDIA_STORE: 's3' });
const settings = s3SettingsOf(config);
const started = performance.now();
let done = 0;
const report = await migrateDiskToBucket({
  dataDir: config.DATA_DIR,
  client: createS3Client(settings),
  bucket: settings.bucket,
  onProgress: (space, key, outcome) => {
    done += 1;
    if (outcome === 'mismatched') console.error(`  MISMATCH ${space}/${key}: the bytes read back differ`);
    else if (done % 500 === 0) console.log(`  ${done} files…`);
  },
});
console.log(
  `media:migrate ${config.DATA_DIR} → s3://${settings.bucket}: ${report.copied} copied (${(report.bytes / 1_048_576).toFixed(1)} MiB), ` +
    `${report.skipped} already there, ${report.mismatched.length} mismatched ` +
    `(${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
if (report.mismatched.length > 0) {
  console.error('media:migrate: some objects did not verify; run it again before switching MEDIA_STORE=s3');
  process.exit(1);
}
