/**
 * What the service worker precaches (the `serviceWorker()` Vite plugin writes it into /sw.js): every hashed
 * asset of the build, except chunks only a screen that needs the network can use. The password-strength
 * dictionaries (1.6 MB of the 3.5 MB build) score a password she is about to send to the server; offline
 * there is nothing to send, and precaching them made every member's phone download them once per deploy.
 */
interface BundleOutput {
  type: 'chunk' | 'asset';
  /** A chunk's source modules (Rollup's `modules`, keyed by id). */
  modules?: Record<string, unknown>;
}

const ONLINE_ONLY_MODULES = [/[\\/]@zxcvbn-ts[\\/]language-[^\\/]+[\\/]/];

export function precacheList(bundle: Record<string, BundleOutput>): string[] {
  return Object.entries(bundle)
    .filter(([file]) => file.startsWith('assets/') && !file.endsWith('.map'))
    .filter(([, output]) => !onlineOnly(output))
    .map(([file]) => `/${file}`)
    .sort();
}

function onlineOnly(output: BundleOutput): boolean {
  if (output.type !== 'chunk') return false;
  return Object.keys(output.modules ?? {}).some((id) => ONLINE_ONLY_MODULES.some((pattern) => pattern.test(id)));
}
