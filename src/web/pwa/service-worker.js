/* global self, caches, clients, fetch, URL, indexedDB */
/**
 * Steep's service worker (why hand-written: docs/decisions/0017-notifications-push-and-pwa.md, "Service worker"). Built into
 * /sw.js by the `serviceWorker()` Vite plugin, which fills in VERSION and PRECACHE (the build's hashed
 * assets). It:
 * - precaches the app shell, the offline page and the hashed assets; a new build is a new cache;
 * - answers navigations from the network, and with the offline page when there is none;
 * - never touches /api, /ws or /media: private data is never stored by the worker; it only deletes the
 *   page's offline copy of her conversations when she signs out (see offline-conversations.ts);
 * - waits after installing until the page asks it to take over ("A new version is ready — Reload");
 * - shows pushed notifications and opens the right screen when one is tapped;
 * - puts a subscription the push service replaced on the server (`pushsubscriptionchange`).
 */
const VERSION = self.__STEEP_VERSION__;
const PRECACHE = self.__STEEP_PRECACHE__;
const CACHE = `steep-${VERSION}`;
const OFFLINE_PAGE = '/offline.html';
const SHELL = [
  '/',
  OFFLINE_PAGE,
  '/manifest.webmanifest',
  '/theme.js',
  '/offline.js',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/badge-96.png',
];
const NEVER_CACHED = ['/api/', '/ws', '/media/'];
/** The page's offline copy of her recent conversations (src/web/lib/offline-conversations.ts). */
const OFFLINE_CONVERSATIONS_DB = 'steep-offline-conversations';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([...SHELL, ...PRECACHE])));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key.startsWith('steep-') && key !== CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/api/auth/logout') {
    // Signing out ends what this device may keep of her: the page deletes it too, but a sign-out from a
    // page that fails half-way must not leave her messages behind. The request itself goes on untouched.
    event.waitUntil(forgetConversations());
    return;
  }
  if (request.method !== 'GET') return;
  if (NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE, { cacheName: CACHE })));
    return;
  }
  // Hashed assets and the shell files: from the cache, else the network (never written back here:
  // what is cached is exactly this build's list).
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || typeof data.title !== 'string') return;
  const shown = self.registration.showNotification(data.title, {
    body: data.body,
    icon: '/icons/icon-192.png',
    badge: '/icons/badge-96.png',
    // One notification per conversation: a newer push replaces the older one quietly.
    tag: data.tag,
    data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/home' },
  });
  const badged =
    typeof data.badge === 'number' && 'setAppBadge' in self.navigator
      ? (data.badge > 0 ? self.navigator.setAppBadge(data.badge) : self.navigator.clearAppBadge()).catch(
          () => undefined,
        )
      : Promise.resolve();
  event.waitUntil(Promise.all([shown, badged]));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/home', self.location.origin).href;
  event.waitUntil(
    clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) return open.navigate(target).then((client) => (client || open).focus());
      return clients.openWindow(target);
    }),
  );
});

function forgetConversations() {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(OFFLINE_CONVERSATIONS_DB);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/*
 * The push service replaced (or ended) this device's subscription. Subscribe again with the server's VAPID
 * key if the browser did not already, save the new one for this session and drop the old endpoint. Same
 * origin, so the session cookie goes along. If any of it fails (offline, signed out) the app repairs it
 * at its next start (push-resync.ts).
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event.oldSubscription, event.newSubscription).catch(() => undefined));
});

async function resubscribe(oldSubscription, newSubscription) {
  let subscription = newSubscription;
  if (!subscription) {
    const key = await fetch('/api/push/vapid-public-key', { credentials: 'same-origin' }).then((r) => r.json());
    if (!key || typeof key.publicKey !== 'string') return;
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key.publicKey,
    });
  }
  const json = subscription.toJSON();
  const saved = await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: json.keys,
    }),
  });
  if (!saved.ok || !oldSubscription || oldSubscription.endpoint === subscription.endpoint) return;
  await fetch('/api/push/subscriptions', {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ endpoint: oldSubscription.endpoint }),
  });
}
