import { t } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { pushApi } from '../../../contract/api/push';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { localQueryKey, queryKeyOf, routeRef } from '../../lib/query-key';
import { resyncPush, type SubscriptionLike } from './push-resync';

const api = lazyDeclarations(() => import('../../../contract/api/push'));
const devicesRoute = routeRef<typeof pushApi.devices>('GET', '/api/push/subscriptions');

/*
 * Web Push from the page: permission is asked only when she taps Enable; the browser's
 * PushSubscription goes to the server, which pushes to it.
 */

export type PushState = 'unsupported' | 'blocked' | 'on' | 'off';

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** What this device can do and has done: decided by the browser's permission and its own subscription. */
async function readPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return Notification.permission === 'granted' && subscription ? 'on' : 'off';
}

export function usePushState() {
  return useQuery({ queryKey: localQueryKey('push-state'), queryFn: readPushState });
}

export function usePushDevices() {
  return useQuery({ queryKey: queryKeyOf(devicesRoute), queryFn: async () => apiCall((await api()).pushApi.devices) });
}

const base64UrlToBytes = (value: string) => {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

export class PushSetupError extends Error {}

/** Asks for permission (this is the tap), subscribes this device and saves it on the server. */
async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new PushSetupError(
      permission === 'denied'
        ? t`Notifications are blocked for Steep in this browser.`
        : t`Steep needs your permission to send notifications.`,
    );
  }
  const declarations = await api();
  const { publicKey } = await apiCall(declarations.pushApi.vapidPublicKey);
  if (!publicKey) throw new PushSetupError(t`Push notifications are not available on this server yet.`);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlToBytes(publicKey),
    }));
  await saveSubscription(subscription);
}

async function saveSubscription(subscription: SubscriptionLike): Promise<void> {
  const json = subscription.toJSON();
  await apiCall((await api()).pushApi.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
}

/** At app start: repairs this device's subscription on the server if the push service changed it. */
export async function resyncPushOnStart(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const declarations = await api();
  await resyncPush({
    permission: Notification.permission,
    getSubscription: () => registration.pushManager.getSubscription(),
    vapidPublicKey: async () => (await apiCall(declarations.pushApi.vapidPublicKey)).publicKey,
    subscribe: (publicKey) =>
      registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }),
    devices: async () => (await apiCall(declarations.pushApi.devices)).devices,
    register: saveSubscription,
    removeDevice: async (id) => {
      await apiCall(declarations.pushApi.removeDevice, { params: { id } });
    },
  });
}

async function disablePush(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await apiCall((await api()).pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: localQueryKey('push-state') }),
      queryClient.invalidateQueries({ queryKey: queryKeyOf(devicesRoute) }),
    ]);
}

export function useTogglePush() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (on: boolean) => (on ? enablePush() : disablePush()),
    onSettled: refresh,
  });
}

export function useRemoveDevice() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => apiCall((await api()).pushApi.removeDevice, { params: { id } }),
    onSettled: refresh,
  });
}

export function useTestPush() {
  return useMutation({ mutationFn: async () => apiCall((await api()).pushApi.test) });
}
