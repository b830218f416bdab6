import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { PUSH_MAX_DEVICES, type PushDeviceList, type pushSubscriptionBody } from '../../../../contract/push';
import type { Db } from '../../../db/client';
import { AppError, badRequest, notFound } from '../../../http/errors';
import { endpointProblem } from './endpoint';
import { localText } from '../../../i18n';
import { fieldError } from '../../../http/errors';
import { deleteDeviceOf, deleteEndpointOf, saveSubscription, subscriptionsOf } from '../repository';

interface PushPolicy {
  allowedHosts: readonly string[];
  production: boolean;
}

/** "Chrome on Android" from a user agent; coarse on purpose: enough for her to tell her devices apart. */
function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

/** What the page computes from its PushSubscription's endpoint to compare (push-resync.ts). */
export function endpointHash(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}

export async function listDevices(db: Db, userId: string, sessionTokenHash: string): Promise<PushDeviceList> {
  const rows = await subscriptionsOf(db, userId);
  return {
    devices: rows.map((row) => ({
      id: row.id,
      device: row.device,
      createdAt: row.createdAt.toISOString(),
      current: row.sessionTokenHash === sessionTokenHash,
      endpointHash: endpointHash(row.endpoint),
    })),
  };
}

/**
 * Saves this device's subscription for her current session. The same endpoint again (a re-subscribe,
 * another member signing in on the same browser) moves it to her and this session: one browser, one
 * row. An 11th device is refused: she removes one first.
 */
export async function subscribe(
  db: Db,
  policy: PushPolicy,
  session: { userId: string; tokenHash: string },
  input: z.output<typeof pushSubscriptionBody>,
  userAgent: string | undefined,
): Promise<PushDeviceList> {
  const problem = endpointProblem(input.endpoint, policy.allowedHosts, policy.production);
  if (problem) throw badRequest(localText(problem), [fieldError('endpoint', localText(problem))]);
  const subscription = {
    endpoint: input.endpoint,
    userId: session.userId,
    sessionTokenHash: session.tokenHash,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    expiresAt: input.expirationTime ? new Date(input.expirationTime) : null,
    device: deviceLabel(userAgent),
  };
  if ((await saveSubscription(db, subscription, PUSH_MAX_DEVICES)) === 'full') {
    throw new AppError(409, 'LIMIT_REACHED', localText('pushDevicesFull', { count: PUSH_MAX_DEVICES }));
  }
  return listDevices(db, session.userId, session.tokenHash);
}

export async function unsubscribeEndpoint(
  db: Db,
  session: { userId: string; tokenHash: string },
  endpoint: string,
): Promise<PushDeviceList> {
  await deleteEndpointOf(db, session.userId, endpoint);
  return listDevices(db, session.userId, session.tokenHash);
}

export async function removeDevice(
  db: Db,
  session: { userId: string; tokenHash: string },
  id: string,
): Promise<PushDeviceList> {
  if (!(await deleteDeviceOf(db, session.userId, id))) throw notFound(localText('deviceNotFound'));
  return listDevices(db, session.userId, session.tokenHash);
}

/** Her devices for her data export: the label and when, never the endpoint or keys. */
export async function pushDevicesOf(db: Db, userId: string): Promise<{ device: string; createdAt: string }[]> {
  const rows = await subscriptionsOf(db, userId);
  return rows.map((row) => ({ device: row.device, createdAt: row.createdAt.toISOString() }));
}
