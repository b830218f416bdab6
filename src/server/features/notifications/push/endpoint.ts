import { isIP } from 'node:net';

/**
 * A subscription's endpoint is a URL the server will POST to: an SSRF target unless it is held to the
 * push services we know (PUSH_ALLOWED_HOSTS). https only; plain http only to a loopback address outside
 * production (the test push service). Returns why it is refused, or null.
 */
export function endpointProblem(
  endpoint: string,
  allowedHosts: readonly string[],
  production: boolean,
): 'endpointNotUrl' | 'endpointCredentials' | 'pushServiceUnsupported' | 'endpointNotHttps' | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'endpointNotUrl';
  }
  if (url.username || url.password) return 'endpointCredentials';
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (!hostAllowed(host, allowedHosts)) return 'pushServiceUnsupported';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(host) && !production) return null;
  return 'endpointNotHttps';
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
