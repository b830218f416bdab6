import { createRequire } from 'node:module';
import type WebPush from 'web-push';
import type { Config } from '../../../config';
import { secretInDataDir } from '../secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const VAPID_FILE = 'vapid-keys.json';
/** web-push is needed here only on DATA_DIR's first boot, to make the key pair; the sender loads it on the first push. */
const requirePackage = createRequire(import.meta.url);

/**
 * The VAPID key pair (RFC 8292): from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or in embedded mode generated
 * once into DATA_DIR (like the Tea key) so subscriptions survive restarts. With DATABASE_URL and no keys
 * in the environment it answers null: push is off rather than signed with a key other instances lack.
 */
export function loadVapidKeys(config: Config): VapidKeys | null {
  const subject =
    config.VAPID_SUBJECT ??
    (config.PUBLIC_URL?.startsWith('https://') ? new URL(config.PUBLIC_URL).origin : 'mailto:push@steep.local');
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  if (config.DATABASE_URL) return null;
  const stored = JSON.parse(
    secretInDataDir(config.DATA_DIR, VAPID_FILE, () =>
      JSON.stringify((requirePackage('web-push') as typeof WebPush).generateVAPIDKeys()),
    ),
  ) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
