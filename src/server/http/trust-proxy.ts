import type { Config } from '../config';

type TrustProxy = false | string[] | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify's `trustProxy`. A hop count becomes a function: Fastify ignores a plain
 * number (it cannot check the nearest peer), and `true` would believe the left-most, client-written
 * X-Forwarded-For entry. Hop 0 is the socket's peer; with n trusted hops the client address is the
 * entry the n-th proxy appended, counted from the right.
 */
export function trustProxyOption(setting: Config['TRUST_PROXY']): TrustProxy {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
