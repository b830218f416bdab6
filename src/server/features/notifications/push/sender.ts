import type { VapidKeys } from './vapid';

interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOptions {
  /** Seconds the push service may hold it for a device that is offline. */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** Replaces an undelivered push with the same topic (one per conversation). */
  topic?: string;
}

type PushOutcome =
  | { result: 'sent' }
  /** 404/410: the subscription is gone for good; delete it. */
  | { result: 'gone' }
  /** 429/5xx or a network failure: try again, not before `retryAfterMs` when the service said. */
  | { result: 'retry'; status: number; retryAfterMs: number | null }
  /** Any other answer (400, 413, a redirect): trying again would not help. */
  | { result: 'rejected'; status: number };

/** RFC 8030 §8.4: the largest payload a push service must accept is 4096 bytes; ours stay well under. */
const PUSH_PAYLOAD_MAX_BYTES = 3072;
const SEND_TIMEOUT_MS = 10_000;

/**
 * One Web Push request: encrypted aes128gcm (RFC 8291), signed with VAPID (RFC 8292), sent with fetch so
 * a redirect is never followed (the endpoint host was checked, a Location could point anywhere) and a
 * loopback http push service works in tests (web-push's own sender speaks https only).
 */
export async function sendPush(
  vapid: VapidKeys,
  target: PushTarget,
  payload: string,
  options: PushOptions,
): Promise<PushOutcome> {
  if (Buffer.byteLength(payload) > PUSH_PAYLOAD_MAX_BYTES) throw new Error('push payload over 3 KB');
  // Loaded with the first push, not at boot (about 11 MiB an idle server does not need).
  const { default: webpush } = await import('web-push');
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: options.ttl,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
      ...(options.topic && { topic: options.topic }),
    },
  );
  let response: Response;
  try {
    response = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: new Uint8Array(details.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.arrayBuffer();
  } catch {
    return { result: 'retry', status: 0, retryAfterMs: null };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { result: 'sent' };
  if (status === 404 || status === 410) return { result: 'gone' };
  if (status === 429 || status >= 500) {
    return { result: 'retry', status, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) };
  }
  return { result: 'rejected', status };
}

/** Retry-After is seconds or an HTTP date (RFC 9110 §10.2.3); capped at a day. */
function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), 86_400_000);
}
