import { isIP } from 'node:net';

/**
 * A subscription's endpoint is a URL the server will POST to: an SSRF target unless it is held to the
 * push services we know (PUSH_ALLOWED_HOSTS). https only; plain http only to a loopback address outside
 * production (the test push service). Returns why it is refused, or null.
 */
export function endpointProblem(endpoint: string, allowedHosts: readonly string[], production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The endpoint must be a URL';
  }
  if (url.username || url.password) return 'The endpoint must not carry credentials';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, allowedHosts)) return 'This push service is not supported';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(host) && !production) return null;
  return 'The endpoint must use https';
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
