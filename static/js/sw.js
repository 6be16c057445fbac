// Table Companion's service worker (served at /sw.js by companion/web/pwa.py, scope "/").
//
// - Our static files (content-hashed URLs under /static/) come from the cache first.
// - Pages (navigations) always go to the network; when it fails, the precached /offline page
//   answers ("Offline — reconnecting…"), never a cached copy of a game page.
// - Everything else — game pages' fragments, /g/…, /api/…, live polls, every POST — is not touched
//   at all: the browser fetches it from the network as if there were no service worker.
"use strict";

// Bump VERSION when this file's caching logic changes; the server fills in SHELL (the URLs to
// precache and a build id that changes with them), so a new app version gets a fresh cache.
const VERSION = 1;
const SHELL = /* shell */ { "build": "dev", "urls": ["/offline"] } /* /shell */;
const CACHE = "tc-shell-v" + VERSION + "-" + SHELL.build;
const OFFLINE_URL = "/offline";

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CACHE)
      .then(function (cache) {
        return cache.addAll(SHELL.urls.map(function (url) {
          return new Request(url, { cache: "reload", credentials: "same-origin" });
        }));
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) {
          return name.indexOf("tc-shell-") === 0 && name !== CACHE;
        }).map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

function offlinePage() {
  return caches.open(CACHE)
    .then(function (cache) { return cache.match(OFFLINE_URL); })
    .then(function (cached) {
      return cached || new Response("Offline — reconnecting…", {
        status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" }
      });
    });
}

function fromCacheFirst(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (cached) {
      if (cached) { return cached; }
      return fetch(request).then(function (response) {
        // A hashed URL never changes its content: keep what was fetched for next time.
        if (response.ok && response.type === "basic" && new URL(request.url).search) {
          cache.put(request, response.clone());
        }
        return response;
      });
    });
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  if (request.method !== "GET") { return; }  // POSTs: network only, untouched
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }

  if (request.mode === "navigate") {
    // Network only (never cached); the offline page when there is no network.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(fromCacheFirst(request));
  }
  // Anything else (/g/…, /api/…, live polls, htmx fragments, the manifest): not intercepted.
});
