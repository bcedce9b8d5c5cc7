#!/usr/bin/env node
// Shiftmate in the browser: a small static file server for the built site.
//
//   node web/serve.mjs --root DIR [--port N] [--host H] [--no-isolation]
//
// By default every response carries the cross-origin isolation headers
// (COOP same-origin, COEP require-corp, CORP same-origin) so that the page may
// use SharedArrayBuffer and the engine's threaded WebAssembly build.
// --no-isolation leaves them out (the page then runs the one-thread build).
// --port 0 (the default) picks a free port. Once listening it prints
//   serving DIR at http://127.0.0.1:PORT/
// on stdout. Plain Node, no packages.

import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.nnue': 'application/octet-stream',
  '.bin': 'application/octet-stream',
};

function usage(msg) {
  if (msg) process.stderr.write(`serve.mjs: ${msg}\n`);
  process.stderr.write('usage: node web/serve.mjs --root DIR [--port N] [--host H] [--no-isolation]\n');
  process.exit(2);
}

function parseArgs(argv) {
  const opts = { root: null, port: 0, host: '127.0.0.1', isolation: true, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--root') opts.root = value();
    else if (a === '--port') opts.port = Number(value());
    else if (a === '--host') opts.host = value();
    else if (a === '--no-isolation') opts.isolation = false;
    else if (a === '--quiet') opts.quiet = true;
    else if (a === '-h' || a === '--help') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!opts.root) usage('--root is required');
  if (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535) usage('bad --port');
  return opts;
}

const opts = parseArgs(process.argv.slice(2));
const root = path.resolve(opts.root);
if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) usage(`no such directory: ${opts.root}`);

function baseHeaders() {
  const h = {
    'X-Content-Type-Options': 'nosniff',
    // The site is rebuilt often while developing; the service worker gives
    // the offline copy, so the HTTP cache need not keep anything.
    'Cache-Control': 'no-cache',
  };
  if (opts.isolation) {
    h['Cross-Origin-Opener-Policy'] = 'same-origin';
    h['Cross-Origin-Embedder-Policy'] = 'require-corp';
    h['Cross-Origin-Resource-Policy'] = 'same-origin';
  }
  return h;
}

function sendError(res, status, text) {
  res.writeHead(status, { ...baseHeaders(), 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(`${status} ${text}\n`);
}

// Map a URL path onto a file under root; null when it would leave root.
function resolvePath(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, '.' + path.posix.normalize('/' + decoded));
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  return full;
}

const server = http.createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendError(res, 405, 'Method Not Allowed');
    return;
  }
  const url = new URL(req.url, 'http://localhost');
  let file = resolvePath(url.pathname);
  if (!file) {
    sendError(res, 403, 'Forbidden');
    return;
  }
  fs.stat(file, (err, st) => {
    if (!err && st.isDirectory()) {
      if (!url.pathname.endsWith('/')) {
        res.writeHead(301, { ...baseHeaders(), Location: url.pathname + '/' + url.search });
        res.end();
        return;
      }
      file = path.join(file, 'index.html');
      st = fs.existsSync(file) ? fs.statSync(file) : null;
    } else if (err) {
      st = null;
    }
    if (!st || !st.isFile()) {
      sendError(res, 404, 'Not Found');
      if (!opts.quiet) process.stderr.write(`404 ${url.pathname}\n`);
      return;
    }
    const type = MIME[path.extname(file).toLowerCase()] || 'application/octet-stream';
    res.writeHead(200, { ...baseHeaders(), 'Content-Type': type, 'Content-Length': st.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = fs.createReadStream(file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });
});

server.on('error', (e) => {
  process.stderr.write(`serve.mjs: ${e.message}\n`);
  process.exit(1);
});

server.listen(opts.port, opts.host, () => {
  const { port } = server.address();
  const shown = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  process.stdout.write(`serving ${opts.root} at http://${shown}:${port}/\n`);
  if (!opts.isolation) process.stdout.write('without the cross-origin isolation headers (one-thread engine)\n');
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close();
    process.exit(0);
  });
}
