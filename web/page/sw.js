// Shiftmate in the browser: service worker, so that the page works offline
// once it has been loaded.
//
// On install it stores the page's own files (PAGE_FILES, and the paths that
// site-files.json lists when the build writes one: a JSON array of paths
// relative to the site) except the engine builds' folders. The page then
// tells it which engine build this browser runs ({type: 'cache-engine',
// folder: 'engine/threads/'}), and only that build's files are stored: the
// paths site-files.json lists under that folder, or else ENGINE_FILES.
// Afterwards it answers from the network when it can (so a rebuilt site shows
// at once) and from the cache when offline; every same-origin answer
// refreshes the cache. A cached response keeps its headers, the cross-origin
// isolation ones included. Bump CACHE_VERSION when these lists change.

const CACHE_VERSION = 'shiftmate-web-v1';

const PAGE_FILES = [
  './',
  './index.html',
  './app.js',
  './style.css',
  './NOTICE.txt',
  './LICENSE.txt',
  './vendor/chessground/chessground.min.js',
  './vendor/chessground/assets/chessground.base.css',
  './vendor/chessground/assets/chessground.brown.css',
  './vendor/chessground/assets/chessground.cburnett.css',
  './vendor/chess.js/chess.js',
  './engine/uci-worker.js',
];

// An engine build's files (emscripten's names) when site-files.json is absent.
const ENGINE_FILES = ['shiftmate.js', 'shiftmate.wasm', 'shiftmate.worker.js'];

// A path inside an engine build's folder (engine/<build>/...).
const inEngineBuild = (p) => /^\.\/engine\/[^/]+\//.test(p);

const norm = (p) => (p.startsWith('./') ? p : `./${p.replace(/^\/+/, '')}`);

// Each file is stored on its own, so that one missing file (an optional one,
// or an engine build not made) does not stop the others.
async function storeAll(cache, paths) {
  await Promise.all(paths.map(async (p) => {
    try {
      const res = await fetch(p, { cache: 'no-cache' });
      if (res.ok) await cache.put(p, res);
    } catch {
      // Offline or missing: the runtime cache may still get it later.
    }
  }));
}

let listed = null;
async function siteFiles() {
  if (listed) return listed;
  try {
    const res = await fetch('./site-files.json', { cache: 'no-cache' });
    const list = res.ok ? await res.json() : [];
    listed = Array.isArray(list) ? list.filter((p) => typeof p === 'string').map(norm) : [];
  } catch {
    listed = [];
  }
  return listed;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_VERSION);
    const extra = (await siteFiles()).filter((p) => !inEngineBuild(p) && !p.endsWith('.map'));
    await storeAll(cache, [...new Set([...PAGE_FILES, ...extra])]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('shiftmate-web-') && n !== CACHE_VERSION)
      .map((n) => caches.delete(n)));
    await self.clients.claim();
  })());
});

self.addEventListener('message', (event) => {
  const msg = event.data;
  if (!msg || msg.type !== 'cache-engine' || typeof msg.folder !== 'string') return;
  if (!/^engine\/[A-Za-z0-9_-]+\/$/.test(msg.folder)) return;
  const folder = `./${msg.folder}`;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_VERSION);
    const fromList = (await siteFiles()).filter((p) => p.startsWith(folder) && !p.endsWith('.map'));
    const paths = fromList.length ? fromList : ENGINE_FILES.map((f) => folder + f);
    const missing = [];
    for (const p of paths) {
      if (!(await cache.match(p))) missing.push(p);
    }
    await storeAll(cache, missing);
  })());
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.headers.has('range')) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_VERSION);
    try {
      const res = await fetch(req);
      if (res.ok && res.type === 'basic') {
        const copy = res.clone();
        event.waitUntil(cache.put(req, copy).catch(() => {}));
      }
      return res;
    } catch (err) {
      const hit = await cache.match(req, { ignoreSearch: true });
      if (hit) return hit;
      if (req.mode === 'navigate') {
        const page = await cache.match('./index.html') || await cache.match('./');
        if (page) return page;
      }
      throw err;
    }
  })());
});
