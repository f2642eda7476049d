// The playground's service worker: keeps the page, every file of web/ (its modules, style
// sheet, manifest and icon, and the solver in the page with its WebAssembly module) in one
// cache, so that a page loaded once loads again with the network gone. It answers only those
// files, network first: while the server answers, the page is exactly what it serves, as
// without a worker; the cache answers when it does not. The API's requests are never
// answered here (web/api.js chooses the server or the solver in the page).
//
// A classic script, not a module, so that every browser with service workers runs it. Served
// at /web/service-worker.js, it could control only /web/; the server adds
// `Service-Worker-Allowed: /` to this file alone, and web/offline.js registers it with the
// page's folder as its scope, so it controls the page too (and under a proxy's prefix as well).
//
// offline-files.js, generated at build time (cmake/embed.cmake), names the files and their
// version, a hash of all their bytes. The browser checks this script and the scripts it
// imports for changes at each visit: when any served file changes, offline-files.js changes,
// a new worker installs into a new cache named by the new version, and on activation deletes
// the caches of earlier versions.
importScripts('offline-files.js');

const CACHE_PREFIX = 'rushhourd-files-';
const CACHE = `${CACHE_PREFIX}${self.offlineFiles.version}`;
const FILES = self.offlineFiles.files.map((f) => new URL(f, self.location).href);
const KEPT = new Set(FILES);

self.addEventListener('install', (event) => {
  // Revalidated with the server, never taken from the HTTP cache: all of one version.
  const requests = FILES.map((url) => new Request(url, { cache: 'no-cache' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE)
      .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// The address a request is kept under: without its fragment (a link's #board=, which the
// request carries) and, for the page, without its query.
function keptUrl(request) {
  const url = new URL(request.url);
  url.hash = '';
  if (request.mode === 'navigate') url.search = '';
  return url.href;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !KEPT.has(keptUrl(request))) return;
  event.respondWith(fetch(request).catch(async () => {
    const kept = await caches.open(CACHE).then((cache) => cache.match(keptUrl(request)));
    return kept ?? Response.error();
  }));
});
