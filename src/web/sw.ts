/// <reference lib="webworker" />
// The service worker (decision 012): an offline shell, the public content a member has read,
// and never a stale app or anyone's private data.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { OPEN_SCREEN, readNotice, screenOf } from './push.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The shell only (index.html, the entry's chunks and CSS, icons): files the first visit has
// just downloaded, so the browser's HTTP cache fills the hashed ones without new data. Also
// the web manifest and its 192 px icon, which the browser asks for on every page load to
// check that the app is installable: served from here, they cost no request while the first
// screen loads (decision 018); installing downloads them once (≈ 6 kB), as it does the page.
// Not for pages: by default it also answers `/` (the installed app's start) with the precached
// index.html, the shell of the language this worker was built in, even online (issue 48).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();

// Pages: the network's index.html whenever there is a network, so a deploy is never hidden
// behind an old copy; offline (or after 5 s without an answer), the one this worker shipped.
const pages = new NetworkOnly({ networkTimeoutSeconds: 5 });
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache('index.html')) ?? Response.error();
    }
  }),
);

// Built files never change under a name (their hash is in it): from the cache once seen.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: 'assets',
    plugins: [new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
  }),
);

// The public reading the spec lets anyone see: sermons, devotional days, the church's
// branding. Fresh when online, the last answer offline. Nothing else under /api is cached:
// the member's own data (me, profile, history, applications, messages, files) always goes to
// the network, and only GET requests are ever routed here.
const publicContent = /^\/api\/(church|sermons(\/[^/]+)?|devotional\/weeks(\/\d+(\/days\/\d+)?)?)$/;
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.method === 'GET' && publicContent.test(url.pathname),
  new NetworkFirst({
    cacheName: 'content',
    networkTimeoutSeconds: 5,
    plugins: [new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
  }),
);

// A new version waits until the member accepts it (the app's 'Reload' button), or until
// every tab of the old one is closed.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Notifications (issue 35, decision 041): a push from our server (platform/push.ts) is shown
// as it came; a tap opens its screen in a tab this worker controls (UpdatePrompt.tsx listens
// there), else in a new one.
self.addEventListener('push', (event) => {
  const notice = readNotice(event.data);
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: notice.body,
      tag: notice.tag,
      icon: '/icons/icon-192.png',
      data: { url: notice.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = (event.notification.data ?? {}) as { url?: string };
  const target = screenOf(url);
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window' });
      if (open) {
        open.postMessage({ type: OPEN_SCREEN, url: target });
        await open.focus().catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
