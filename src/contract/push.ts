import { z } from 'zod';

/*
 * Web Push: the browser's PushSubscription.toJSON() goes to the server, which pushes to it.
 */

/** Devices a member may receive push on; the oldest is not replaced: she removes one in Settings. */
export const PUSH_MAX_DEVICES = 10;

const base64url = (label: string, min: number, max: number) =>
  z
    .string(`${label} is required`)
    .min(min, `${label} is too short`)
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${label} must be base64url`);

/** What `PushSubscription.toJSON()` gives (RFC 8291 keys: a P-256 point and a 16-byte secret). */
export const pushSubscriptionBody = z.object({
  endpoint: z.string('endpoint is required').min(1).max(2048, 'endpoint is too long'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 86, 90), auth: base64url('keys.auth', 22, 24) },
    'keys must be an object with p256dh and auth',
  ),
});

export const removePushSubscriptionBody = z.object({
  endpoint: z.string('endpoint is required').min(1).max(2048),
});

/** One of her devices. The endpoint is not in it: it is a capability URL at her push service. */
export const pushDevice = z.object({
  id: z.string(),
  /** "Chrome on Android". */
  device: z.string(),
  createdAt: z.string(),
  /** The device this session subscribed from. */
  current: z.boolean(),
  /**
   * SHA-256 of the endpoint (base64url): lets a device check that the server holds its current
   * subscription (the app's re-sync at start) without the endpoint itself leaving the server.
   */
  endpointHash: z.string(),
});
export type PushDevice = z.infer<typeof pushDevice>;
export const pushDeviceList = z.object({ devices: z.array(pushDevice) });
export type PushDeviceList = z.infer<typeof pushDeviceList>;

/** null: this server has no VAPID keys (push is off). */
export const vapidPublicKey = z.object({ publicKey: z.string().nullable() });

export const pushTestResult = z.object({ queued: z.number().int().nonnegative() });

/**
 * The JSON inside each push (≤ 3 KB before encryption). The service worker shows it; `url` is where a
 * click goes; `tag` collapses a conversation's notifications into one; `badge` is her unread
 * conversations (navigator.setAppBadge).
 */
export const pushPayload = z.object({
  kind: z.enum(['match', 'message', 'like', 'event_reminder', 'moderation', 'promotion', 'test']),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  count: z.number().int().positive().optional(),
  badge: z.number().int().nonnegative().optional(),
});
export type PushPayload = z.infer<typeof pushPayload>;

// ---------------------------------------------------------------- one-click unsubscribe

export const unsubscribeBody = z.object({ token: z.string('token is required').min(10).max(400) });
export const unsubscribeResult = z.object({
  kind: z.enum(['match', 'message', 'like', 'event_reminder', 'moderation', 'promotion']),
  message: z.string(),
});
