#!/usr/bin/env node
// Shiftmate in the browser: headless test of the built site.
//
//   node web/test/browser-test.mjs --site build/web/site [--screenshots DIR]
//        [--smoke] [--bench] [--seed N] [--chromium PATH] [--verbose]
//
// With neither --smoke nor --bench it runs every check:
//   1. worker alone: `uci` -> uciok, `isready` -> readyok, `go depth 10` from a
//      few positions -> a legal bestmove (checked with chess.js here), in the
//      cross-origin isolated (threads) build and in the one-thread one;
//   2. a game against the engine at its lowest level, the test's moves made
//      by clicking squares on the board, every engine move checked for
//      legality, until the game ends or 120 plies; a take-back on the way;
//      the result element, the FEN and PGN outputs checked;
//   3. a promotion to a knight by dragging a pawn and choosing in #promotion;
//      a take-back while the engine thinks (threads: `stop`, its bestmove
//      ignored; one thread: a fresh worker), then the game goes on;
//   4. analysis of a FEN to depth >= 10: #eval parses, the PV lines are SAN;
//      a PGN loaded and stepped through;
//   5. the page served without the isolation headers: #engine-build says one
//      thread, analysis to depth 8 finishes, the engine answers a move;
//   6. with --screenshots DIR: DIR/web-play.png and DIR/web-analysis.png
//      (420x800, a phone);
//   7. offline: after one visit the service worker holds the page and the
//      engine build in use; with the server stopped a reload still plays.
// Any uncaught page error, or a request outside the site, fails the test.
// --smoke: check 1 only, both builds (for CI).
// --bench: `bench` in the one-thread build; prints `browser bench: N nodes, M nps`.
// Exits non-zero with a message on the first failure.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVE = path.join(here, '..', 'serve.mjs');

// ------------------------------------------------------------------ args

function usage(msg) {
  if (msg) console.error(`browser-test: ${msg}`);
  console.error('usage: node web/test/browser-test.mjs --site DIR [--screenshots DIR] [--smoke] [--bench] '
    + '[--seed N] [--chromium PATH] [--verbose]');
  process.exit(2);
}

const args = { site: null, screenshots: null, smoke: false, bench: false, seed: null, chromium: '/usr/bin/chromium', verbose: false };
{
  const a = process.argv.slice(2);
  for (let i = 0; i < a.length; i++) {
    const v = () => (i + 1 < a.length ? a[++i] : usage(`${a[i]} needs a value`));
    switch (a[i]) {
      case '--site': args.site = v(); break;
      case '--screenshots': args.screenshots = v(); break;
      case '--smoke': args.smoke = true; break;
      case '--bench': args.bench = true; break;
      case '--seed': args.seed = Number(v()); break;
      case '--chromium': args.chromium = v(); break;
      case '--verbose': args.verbose = true; break;
      case '-h': case '--help': usage(); break;
      default: usage(`unknown argument ${a[i]}`);
    }
  }
}
if (!args.site) usage('--site is required');
const SITE = path.resolve(args.site);
if (!fs.existsSync(path.join(SITE, 'index.html'))) usage(`${args.site}/index.html not found: build the site first (make web)`);
if (!fs.existsSync(path.join(SITE, 'engine', 'uci-worker.js'))) usage(`${args.site}/engine/uci-worker.js not found: build the engine first (make web)`);
if (!fs.existsSync(args.chromium)) usage(`no browser at ${args.chromium} (--chromium PATH)`);
if (args.screenshots) fs.mkdirSync(args.screenshots, { recursive: true });

let puppeteer;
let Chess;
try {
  puppeteer = (await import('puppeteer-core')).default;
  ({ Chess } = await import('chess.js'));
} catch (e) {
  console.error(`browser-test: ${e.message}\nInstall the test's packages first: cd web && npm ci`);
  process.exit(2);
}

// ---------------------------------------------------------------- helpers

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(2)} s`;

class TestFailure extends Error {}
function fail(msg) {
  throw new TestFailure(msg);
}
function check(cond, msg) {
  if (!cond) fail(msg);
}
function log(msg) {
  console.log(msg);
}
function verbose(msg) {
  if (args.verbose) console.log(`   ${msg}`);
}

// Small seeded random numbers, so that a failing game can be replayed (--seed).
const seed = Number.isFinite(args.seed) ? args.seed : (Date.now() % 1000000);
let rngState = seed >>> 0;
function random() {
  rngState = (rngState + 0x6d2b79f5) >>> 0;
  let t = rngState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function outcomeOf(chess) {
  if (chess.isCheckmate()) return chess.turn() === 'b' ? '1-0' : '0-1';
  if (chess.isStalemate() || chess.isInsufficientMaterial() || chess.isThreefoldRepetition()
    || chess.isDrawByFiftyMoves()) return '1/2-1/2';
  return null;
}

const results = [];
async function step(name, fn) {
  const start = Date.now();
  log(`-- ${name}`);
  const detail = await fn();
  const ms = Date.now() - start;
  results.push({ name, ms, detail });
  log(`ok ${name} (${secs(ms)})${detail ? `: ${detail}` : ''}`);
}

// ----------------------------------------------------------------- server

const servers = [];
function startServer(isolation) {
  return new Promise((resolve, reject) => {
    const argv = [SERVE, '--root', SITE, '--port', '0', '--quiet'];
    if (!isolation) argv.push('--no-isolation');
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    servers.push(child);
    let out = '';
    const timer = setTimeout(() => reject(new Error('the server did not start in 10 s')), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /serving .* at (http:\/\/\S+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, isolation });
      }
    });
    child.stderr.on('data', (d) => verbose(`server: ${String(d).trim()}`));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening: ${out}`));
    });
  });
}

function stopServers() {
  for (const s of servers) {
    if (s.exitCode === null) s.kill('SIGTERM');
  }
}

// ---------------------------------------------------------------- browser

let browser;
const pageErrors = [];

async function newPage(server, { phone = true } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  if (phone) await page.setViewport({ width: 420, height: 800, deviceScaleFactor: 1 });
  else await page.setViewport({ width: 1200, height: 900, deviceScaleFactor: 1 });
  const origin = new URL(server.url).origin;
  page.on('pageerror', (err) => pageErrors.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') verbose(`console error: ${msg.text()}`);
  });
  page.on('request', (req) => {
    const u = req.url();
    if (u.startsWith('data:') || u.startsWith('blob:')) return;
    if (!u.startsWith(origin)) pageErrors.push(`request outside the site: ${u}`);
  });
  page.on('requestfailed', (req) => verbose(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  page.on('response', (res) => {
    if (res.status() >= 400 && !res.url().includes('__test-blank__')) verbose(`HTTP ${res.status()} ${res.url()}`);
  });
  page.closeAll = async () => {
    await context.close();
  };
  return page;
}

function checkPageErrors() {
  if (pageErrors.length) fail(pageErrors.join('\n'));
}

async function engineLog(page) {
  try {
    return await page.evaluate(() => (window.shiftmateEngineLog ? window.shiftmateEngineLog().slice(-40) : []));
  } catch {
    return [];
  }
}

async function openSite(server) {
  const page = await newPage(server);
  await page.goto(server.url, { waitUntil: 'load' });
  await waitFor(page, () => window.shiftmateState && (window.shiftmateState().engine.ready
    || window.shiftmateState().engine.failed), null, 90000, 'the page\'s engine to be ready');
  const st = await state(page);
  if (st.engine.failed) {
    fail(`the page's engine failed: ${await text(page, '#engine-error')}\n${(await engineLog(page)).join('\n')}`);
  }
  return page;
}

const state = (page) => page.evaluate(() => window.shiftmateState());
const text = (page, sel) => page.$eval(sel, (e) => e.textContent.trim());

async function setValue(page, sel, value) {
  await page.$eval(sel, (e, v) => {
    e.value = v;
    e.dispatchEvent(new Event('input', { bubbles: true }));
    e.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

async function typeInto(page, sel, value) {
  await page.click(sel, { clickCount: 3 });
  await page.$eval(sel, (e) => { e.value = ''; });
  await page.type(sel, value, { delay: 0 });
}

async function waitFor(page, fn, arg, timeout, what) {
  try {
    await page.waitForFunction(fn, { timeout, polling: 50 }, arg);
  } catch (e) {
    const log = (await engineLog(page)).join('\n');
    fail(`timed out after ${secs(timeout)} waiting for ${what}\n--- engine log (last lines):\n${log}`);
  }
}

async function screenshot(page, name) {
  if (!args.screenshots) return;
  const file = path.join(args.screenshots, name);
  // The board at the top; in analysis, down far enough to show the lines.
  await page.evaluate(() => {
    window.scrollTo(0, 0);
    const pv = document.querySelector('#pv-lines');
    if (document.body.dataset.mode === 'analyse' && pv) {
      const over = pv.getBoundingClientRect().bottom + 8 - window.innerHeight;
      if (over > 0) window.scrollTo(0, over);
    }
  });
  await sleep(250);
  await page.screenshot({ path: file, type: 'png' });
  const kb = (fs.statSync(file).size / 1024).toFixed(0);
  log(`   screenshot ${file} (${kb} KB)`);
}

// Centre of a square in viewport coordinates, from the board's box.
async function squareCentre(page, square) {
  const measure = () => page.$eval('.cg-wrap cg-board', (b) => {
    const r = b.getBoundingClientRect();
    const outside = r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth;
    if (outside) b.scrollIntoView({ block: 'start', inline: 'nearest' });
    return { x: r.left, y: r.top, w: r.width, h: r.height, outside };
  });
  let box = await measure();
  if (box.outside) {
    // chessground re-reads the board's position on the scroll event: let it come.
    await sleep(150);
    box = await measure();
    check(!box.outside, 'the board does not fit in the window');
  }
  const orientation = await page.$eval('.cg-wrap', (w) => (w.classList.contains('orientation-black') ? 'black' : 'white'));
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square[1]) - 1;
  const col = orientation === 'white' ? file : 7 - file;
  const row = orientation === 'white' ? 7 - rank : rank;
  return { x: box.x + (col + 0.5) * box.w / 8, y: box.y + (row + 0.5) * box.h / 8 };
}

async function clickSquare(page, square) {
  const p = await squareCentre(page, square);
  await page.mouse.click(p.x, p.y);
}

async function dragSquare(page, from, to) {
  const a = await squareCentre(page, from);
  const b = await squareCentre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await sleep(30);
  await page.mouse.move(a.x + (b.x - a.x) / 3, a.y + (b.y - a.y) / 3, { steps: 4 });
  await sleep(30);
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await sleep(30);
  await page.mouse.up();
}

// Make a move on the board by clicking, choosing a promotion piece if asked.
async function playMoveByClicks(page, move) {
  await clickSquare(page, move.from);
  await sleep(40);
  await clickSquare(page, move.to);
  if (move.promotion) {
    await page.waitForSelector('#promotion:not([hidden])', { timeout: 3000 });
    await page.click(`#promotion button[data-piece="${move.promotion}"]`);
  }
}

// ------------------------------------------------------------------ checks

// Check 1: the worker alone, in a page of the site's origin.
// A same-origin document that does not start the page's own engine.
async function blankPage(server) {
  const page = await newPage(server);
  await page.goto(`${server.url}__test-blank__`, { waitUntil: 'load' });
  return page;
}

// The UCI worker alone in PAGE, its lines gathered for workerDriver.
async function startWorker(page) {
  await page.evaluate(() => {
    window.__lines = [];
    window.__w = new Worker('/engine/uci-worker.js');
    window.__w.onmessage = (e) => window.__lines.push(String(e.data));
    window.__w.onerror = (e) => window.__lines.push(`WORKER ERROR ${e.message}`);
  });
  return workerDriver(page);
}

async function workerAlone(server) {
  const page = await blankPage(server);
  const isolated = await page.evaluate(() => self.crossOriginIsolated === true);
  check(isolated === server.isolation,
    `crossOriginIsolated is ${isolated} with${server.isolation ? '' : 'out'} the isolation headers`);
  const t = Date.now();
  const w = await startWorker(page);
  w.send('uci');
  await w.waitLine(/^uciok$/, 90000, 'uciok');
  const loadMs = Date.now() - t;
  const build = w.lines().find((l) => /Shiftmate web build:/.test(l));
  check(build, 'the worker did not post its "info string Shiftmate web build: ..." line');
  if (server.isolation) check(/build:\s*threads/.test(build), `isolated page but the worker says: ${build}`);
  else check(/build:\s*one thread/.test(build), `page not isolated but the worker says: ${build}`);
  const name = (w.lines().find((l) => l.startsWith('id name ')) || '').slice(8);
  w.send('isready');
  await w.waitLine(/^readyok$/, 30000, 'readyok');

  const positions = [
    { name: 'startpos', fen: new Chess().fen(), cmd: 'position startpos' },
    {
      name: 'middlegame',
      fen: 'r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8',
    },
    { name: 'after moves', fen: null, cmd: 'position startpos moves e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6' },
  ];
  const times = [];
  for (const pos of positions) {
    let chess;
    if (pos.fen) chess = new Chess(pos.fen);
    else {
      chess = new Chess();
      for (const u of pos.cmd.split(' moves ')[1].split(' ')) chess.move({ from: u.slice(0, 2), to: u.slice(2, 4) });
    }
    const cmd = pos.cmd || `position fen ${pos.fen}`;
    w.send('ucinewgame');
    w.send(cmd);
    const from = w.count();
    const ts = Date.now();
    w.send('go depth 10');
    const line = await w.waitLine(/^bestmove /, 120000, `bestmove (${pos.name}, go depth 10)`, from);
    times.push(Date.now() - ts);
    const bm = line.split(/\s+/)[1];
    const legal = chess.moves({ verbose: true }).map((m) => m.lan);
    check(legal.includes(bm), `bestmove ${bm} is not legal in ${pos.name} (${chess.fen()})`);
    const infos = w.lines().slice(from).filter((l) => /^info .*\bdepth 10\b/.test(l));
    check(infos.length > 0, `no "info depth 10" line before the bestmove (${pos.name})`);
    verbose(`${pos.name}: bestmove ${bm} in ${Date.now() - ts} ms`);
  }

  // Threads: the option's maximum (the device's cores), and a search stopped
  // in the same message that started it, so that the worker's thread waits
  // for the search before any event loop turn (the helpers must not need one).
  // One thread: Threads stops at 1, no Ponder, and a search with no limit
  // says where it ends (the page is closed while it searches).
  const threadsLine = w.lines().find((l) => /^option name Threads /.test(l)) || '';
  const maxThreads = Number((threadsLine.match(/ max (\d+)/) || [])[1]);
  let extra;
  if (server.isolation) {
    check(maxThreads >= 1 && maxThreads <= 64, `Threads' maximum is '${maxThreads}' (${threadsLine})`);
    w.send(`setoption name Threads value ${maxThreads}`);
    w.send('position startpos');
    const from = w.count();
    w.send('go infinite\nstop');
    const line = await w.waitLine(/^bestmove /, 20000, `bestmove after "go infinite\\nstop" at ${maxThreads} threads`, from);
    const bm = line.split(/\s+/)[1];
    check(new Chess().moves({ verbose: true }).some((m) => m.lan === bm), `bestmove ${bm} after stop is not legal`);
    w.send('isready');
    await w.waitLine(/^readyok$/, 30000, 'readyok after stop', from);
    extra = `go infinite + stop in one message at ${maxThreads} threads: ${bm}`;
  } else {
    check(maxThreads === 1, `the one-thread build offers Threads up to ${maxThreads}`);
    check(!w.lines().some((l) => /^option name Ponder /.test(l)), 'the one-thread build offers Ponder');
    w.send('position startpos');
    const from = w.count();
    w.send('go infinite');
    await w.waitLine(/^info string one-thread build: .*ends at depth \d+/, 30000, 'the depth cap of go infinite', from);
    extra = 'Threads max 1, no Ponder, go infinite capped';
  }
  await page.evaluate(() => window.__w.terminate());
  await page.closeAll();
  checkPageErrors();
  return `${name || 'engine'}; "${build.replace(/^info string /, '')}"; loaded in ${secs(loadMs)}; `
    + `go depth 10: ${times.map((x) => `${x} ms`).join(', ')}; ${extra}`;
}

function workerDriver(page) {
  let cache = [];
  const refresh = async () => {
    cache = await page.evaluate(() => window.__lines.slice());
    const err = cache.find((l) => l.startsWith('WORKER ERROR'));
    if (err) fail(err);
  };
  return {
    send: (cmd) => page.evaluate((c) => window.__w.postMessage(c), cmd),
    lines: () => cache,
    count: () => cache.length,
    async waitLine(re, timeout, what, from = 0) {
      const end = Date.now() + timeout;
      for (;;) {
        await refresh();
        const hit = cache.slice(from).find((l) => re.test(l));
        if (hit) return hit;
        if (Date.now() > end) fail(`timed out after ${secs(timeout)} waiting for ${what}; last lines:\n${cache.slice(-15).join('\n')}`);
        await sleep(25);
      }
    },
  };
}

// Choose the test's move: no move that allows mate in one (so that games last
// a while), captures and promotions first, now and then.
function allowsMateInOne(chess, m) {
  const c = new Chess(chess.fen());
  c.move(m);
  for (const r of c.moves({ verbose: true })) {
    c.move(r);
    const mate = c.isCheckmate();
    c.undo();
    if (mate) return true;
  }
  return false;
}

function chooseMove(chess) {
  const all = chess.moves({ verbose: true });
  const safe = all.filter((m) => !allowsMateInOne(chess, m));
  const moves = safe.length ? safe : all;
  const sharp = moves.filter((m) => m.captured || m.promotion);
  const pool = sharp.length && random() < 0.6 ? sharp : moves;
  const m = pool[Math.floor(random() * pool.length)];
  return m.promotion ? { ...m, promotion: 'q' } : m;
}

async function lowestLevel(page) {
  const values = await page.$$eval('#level option', (os) => os.map((o) => o.value));
  const levels = values.filter((v) => /^\d+$/.test(v)).map(Number);
  check(levels.length > 0, `no strength levels in #level (options: ${values.join(', ')})`);
  return String(Math.min(...levels));
}

// Check 2: a game against the engine, moves made by clicking.
async function playGame(server) {
  const page = await openSite(server);
  const level = await lowestLevel(page);
  await page.select('#level', level);
  await page.select('#movetime', '100');
  await page.select('#color', 'b');
  await typeInto(page, '#fen-input', '');
  await page.click('#new-game');
  const start = Date.now();
  let st = await state(page);
  // (The engine, White, may have moved already: a level answers at once.)
  check(st.playerColor === 'b' && st.moves.length <= 1 && st.orientation === 'black'
    && st.startFen === new Chess().fen(), `new game as Black not set up: ${JSON.stringify(st)}`);

  const ref = new Chess(st.startFen);
  let ours = 0;
  let tookBack = false;
  let shot = false;
  const maxPlies = 120;
  for (;;) {
    // Wait for the engine (or the end).
    await waitFor(page, () => {
      const s = window.shiftmateState();
      return s.over || s.illegalEngineMove || (s.turn === s.playerColor && !s.thinking);
    }, null, 20000, 'the engine\'s move');
    st = await state(page);
    check(!st.illegalEngineMove, `the page says the engine played an illegal move: ${st.illegalEngineMove}`);
    // Every move the page added since our last look must be legal here.
    check(st.moves.length >= ref.history().length, 'the move list got shorter');
    for (const san of st.moves.slice(ref.history().length)) {
      try {
        ref.move(san);
      } catch {
        fail(`move ${san} (ply ${ref.history().length + 1}) is not legal in ${ref.fen()}`);
      }
    }
    check(ref.fen() === st.fen, `the page's FEN ${st.fen} differs from the replayed game's ${ref.fen()}`);
    if (st.over || st.moves.length >= maxPlies) break;
    if (Date.now() - start > 110000) {
      log('   (stopping the game: close to 2 minutes)');
      break;
    }

    if (!shot && st.moves.length >= 20) {
      shot = true;
      await screenshot(page, 'web-play.png');
    }

    // A take-back once, after a few moves: our move and the engine's go.
    if (!tookBack && st.moves.length >= 10) {
      tookBack = true;
      const before = st.moves.length;
      await page.click('#takeback');
      await waitFor(page, (n) => window.shiftmateState().moves.length === n - 2, before, 5000, 'the take-back');
      ref.undo();
      ref.undo();
      st = await state(page);
      check(st.fen === ref.fen() && st.turn === 'b', `after the take-back the page shows ${st.fen}, expected ${ref.fen()}`);
      verbose(`took back at ply ${before}`);
    }

    const m = chooseMove(ref);
    const plies = st.moves.length;
    await playMoveByClicks(page, m);
    await waitFor(page, (n) => window.shiftmateState().moves.length > n, plies, 5000,
      `the page to take our move ${m.san} (${m.from}-${m.to}) made by clicks`);
    ours++;
  }
  st = await state(page);
  const ms = Date.now() - start;

  // Outputs: FEN, PGN, result.
  const fenOut = await page.$eval('#fen-output', (e) => e.value);
  check(fenOut === st.fen, `#fen-output "${fenOut}" is not the position ${st.fen}`);
  const pgnOut = await page.$eval('#pgn-output', (e) => e.value);
  const fromPgn = new Chess();
  try {
    fromPgn.loadPgn(pgnOut);
  } catch (e) {
    fail(`#pgn-output does not parse: ${e.message}\n${pgnOut}`);
  }
  check(fromPgn.fen() === st.fen, `#pgn-output ends in ${fromPgn.fen()}, not ${st.fen}`);
  const expected = outcomeOf(ref);
  const resultText = await text(page, '#result');
  let detail;
  if (st.over) {
    check(expected, `the page ended the game (${st.result}) but chess.js says it goes on`);
    check(st.result === expected, `the page's result ${st.result} differs from chess.js's ${expected}`);
    check(resultText.length > 0, '#result is empty at the end of the game');
    const want = expected === '1/2-1/2' ? '½-½' : expected;
    check(resultText.includes(want), `#result "${resultText}" does not show ${want}`);
    check(/\[Result "([^"]+)"\]/.exec(pgnOut)?.[1] === expected, `the PGN's Result header is not ${expected}`);
    detail = `game over after ${st.moves.length} plies: "${resultText}"`;
  } else {
    check(!expected, `chess.js says the game is over (${expected}) but the page does not`);
    check(resultText === '', `#result shows "${resultText}" while the game goes on`);
    detail = `no result after ${st.moves.length} plies (fine)`;
  }
  if (!shot) await screenshot(page, 'web-play.png');
  await page.closeAll();
  checkPageErrors();
  return `level ${level} Elo, 0.1 s a move, seed ${seed}: ${ours} moves by clicks, ${detail}, take-back ${tookBack ? 'ok' : 'not reached'}; ${secs(ms)}`;
}

// Take back while the engine thinks: threads, `stop` and its bestmove is
// ignored; one thread, a fresh worker. Then the game goes on.
async function takebackWhileThinking(page) {
  await page.select('#color', 'w');
  await page.select('#level', 'full'); // a level may answer at once, whatever the time
  await page.select('#movetime', '5000');
  await typeInto(page, '#fen-input', '');
  await page.click('#new-game');
  const before = await state(page);
  await playMoveByClicks(page, { from: 'e2', to: 'e4' });
  await waitFor(page, () => window.shiftmateState().thinking, null, 3000, 'the engine to think after e4');
  await sleep(300);
  await page.click('#takeback');
  await waitFor(page, () => window.shiftmateState().moves.length === 0 && !window.shiftmateState().thinking,
    null, 3000, 'the take-back while thinking');
  await waitFor(page, () => !window.shiftmateState().engine.busy && window.shiftmateState().engine.ready,
    null, 20000, 'the engine to be free after the take-back');
  await sleep(500);
  let st = await state(page);
  check(st.moves.length === 0, `after the take-back the engine's move came anyway: ${st.moves.join(' ')}`);
  const restarted = st.engine.restarts - before.engine.restarts;
  if (st.engine.threads) check(restarted === 0, 'threads build: the take-back restarted the worker instead of `stop`');
  else check(restarted === 1, `one-thread build: ${restarted} worker restarts for the take-back, not 1`);
  await page.select('#movetime', '100');
  await playMoveByClicks(page, { from: 'd2', to: 'd4' });
  await waitFor(page, () => window.shiftmateState().moves.length >= 2, null, 20000, 'the engine\'s answer to d4');
  st = await state(page);
  const ref = new Chess();
  ref.move('d4');
  try {
    ref.move(st.moves[1]);
  } catch {
    fail(`the engine's answer ${st.moves[1]} to d4 is not legal`);
  }
  return `take-back while thinking (${st.engine.threads ? 'stop' : 'fresh worker'}), then 1. d4 ${st.moves[1]}`;
}

// Check 3: promotion by dragging, to a knight.
async function promotion(server) {
  const page = await openSite(server);
  const fen = '4k3/1P5p/8/8/8/8/6PP/4K3 w - - 0 1';
  await page.select('#color', 'w');
  await page.select('#movetime', '100');
  await typeInto(page, '#fen-input', fen);
  await page.click('#new-game');
  let st = await state(page);
  check(st.fen === fen && st.playerColor === 'w', `new game from FEN not set up: ${st.fen}`);
  await dragSquare(page, 'b7', 'b8');
  try {
    await page.waitForSelector('#promotion:not([hidden])', { timeout: 3000 });
  } catch {
    fail('#promotion did not appear after dragging b7-b8');
  }
  const pieces = await page.$$eval('#promotion button[data-piece]', (bs) => bs.map((b) => b.dataset.piece).join(''));
  check(pieces === 'qrbn', `#promotion offers "${pieces}", not q, r, b, n`);
  await page.click('#promotion button[data-piece="n"]');
  await waitFor(page, () => window.shiftmateState().moves.length >= 1, null, 3000, 'the promotion move');
  st = await state(page);
  check(/^b8=N/.test(st.moves[0]), `the first move is ${st.moves[0]}, not b8=N`);
  const c = new Chess(fen);
  c.move({ from: 'b7', to: 'b8', promotion: 'n' });
  const after = st.moves.length === 1 ? st.fen : (() => {
    const r = new Chess(fen);
    r.move(st.moves[0]);
    return r.fen();
  })();
  check(after === c.fen(), `after the promotion the position is ${after}, expected ${c.fen()}`);
  check(new Chess(after).get('b8')?.type === 'n' && new Chess(after).get('b8')?.color === 'w', 'no white knight on b8');
  check(await page.$eval('#promotion', (e) => e.hidden), '#promotion is still shown');
  // The engine answers the new position.
  await waitFor(page, () => {
    const s = window.shiftmateState();
    return s.moves.length >= 2 || s.over || s.illegalEngineMove;
  }, null, 20000, 'the engine\'s answer to the promotion');
  st = await state(page);
  check(!st.illegalEngineMove, `illegal engine move ${st.illegalEngineMove}`);
  const tb = await takebackWhileThinking(page);
  await page.closeAll();
  checkPageErrors();
  return `b7-b8 dragged, knight chosen: ${st.moves.slice(0, 2).join(' ')}; ${tb}`;
}

// SAN check of a PV line shown on the page ("12... Nf6 13. Bb5 a6").
function checkSanLine(fen, line) {
  const c = new Chess(fen);
  const tokens = line.split(/\s+/).filter((t) => t && !/^\d+\.(\.\.)?$/.test(t));
  check(tokens.length > 0, `empty PV line "${line}"`);
  for (const t of tokens) {
    try {
      c.move(t, { strict: false });
    } catch {
      fail(`PV "${line}": "${t}" is not a legal SAN move in ${c.fen()}`);
    }
  }
  return tokens.length;
}

const EVAL_RE = /^([+-]?\d+\.\d{2}|#-?\d+)$/;

// Check 4: analysis of a FEN to depth 10; a PGN loaded and stepped through.
async function analyse(server, { depthWanted = 10, shot = true } = {}) {
  const page = await openSite(server);
  await page.click('#mode-analyse');
  const fen = 'r2q1rk1/pp1nbppp/2p1pn2/5b2/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 2 9';
  await typeInto(page, '#analyse-fen', fen);
  await page.click('#load-fen');
  await page.select('#multipv', '3');
  let st = await state(page);
  check(st.analysis.fen === fen, `the analysed position is ${st.analysis.fen}, not ${fen}`);
  if (!st.engine.threads) await setValue(page, '#analysis-depth', String(Math.max(depthWanted, 12)));
  const start = Date.now();
  await page.click('#analyse-start');
  await waitFor(page, (d) => Number(document.querySelector('#depth').textContent) >= d, depthWanted, 90000,
    `#depth >= ${depthWanted}`);
  const ms = Date.now() - start;
  const evalText = await text(page, '#eval');
  check(EVAL_RE.test(evalText), `#eval "${evalText}" is not a score like +0.35 or #3`);
  await sleep(150);
  const lines = await page.$$eval('#pv-lines li .pv-san', (ls) => ls.map((l) => l.textContent.trim()));
  const evals = await page.$$eval('#pv-lines li .pv-eval', (ls) => ls.map((l) => l.textContent.trim()));
  check(lines.length >= 1, 'no PV lines shown');
  let sanMoves = 0;
  for (const l of lines) sanMoves += checkSanLine(fen, l);
  for (const e of evals) check(EVAL_RE.test(e), `PV score "${e}" is not a score`);
  const wdl = await text(page, '#wdl');
  const depth = await text(page, '#depth');
  const nps = await text(page, '#nps');
  if (shot) await screenshot(page, 'web-analysis.png');
  await page.click('#analyse-stop');
  await waitFor(page, () => !window.shiftmateState().analysis.running && !window.shiftmateState().engine.busy,
    null, 15000, 'the analysis to stop');

  // A PGN: loads, shows the final position, steps back.
  const pgn = '[Event "t"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *';
  await typeInto(page, '#pgn-input', pgn);
  await page.click('#load-pgn');
  const ref = new Chess();
  ref.loadPgn(pgn);
  st = await state(page);
  check(st.analysis.fen === ref.fen(), `after loading the PGN the position is ${st.analysis.fen}, not ${ref.fen()}`);
  await page.click('#nav-prev');
  ref.undo();
  st = await state(page);
  check(st.analysis.fen === ref.fen(), `after "previous" the position is ${st.analysis.fen}, not ${ref.fen()}`);
  await page.click('#nav-next');
  // A move on the board in analysis: d2-d4 by clicks after going back to the start.
  await page.click('#nav-first');
  await clickSquare(page, 'd2');
  await sleep(40);
  await clickSquare(page, 'd4');
  await waitFor(page, () => window.shiftmateState().analysis.fen.startsWith('rnbqkbnr/pppppppp/8/8/3P4/'), null, 3000,
    'the analysis board to take d2-d4');
  await page.closeAll();
  checkPageErrors();
  return `depth ${depth} in ${secs(ms)}, eval ${evalText}, ${lines.length} PV lines (${sanMoves} SAN moves checked), `
    + `${nps}${wdl ? `, WDL "${wdl}"` : ', no WDL shown'}; PGN load and stepping ok`;
}

// Check 5: the page without the isolation headers.
async function oneThreadPage(server) {
  const page = await openSite(server);
  const build = await text(page, '#engine-build');
  check(/one thread/i.test(build), `#engine-build says "${build}", not one thread`);
  const isolated = await page.evaluate(() => self.crossOriginIsolated === true);
  check(!isolated, 'the page is cross-origin isolated without the headers?');
  const st0 = await state(page);
  check(!st0.engine.threads, 'the page thinks the engine has threads');
  // A played move: the engine plays White at the lowest level.
  await page.select('#level', await lowestLevel(page));
  await page.select('#movetime', '100');
  await page.select('#color', 'b');
  await typeInto(page, '#fen-input', '');
  await page.click('#new-game');
  await waitFor(page, () => window.shiftmateState().moves.length >= 1, null, 20000, 'the engine\'s first move');
  let st = await state(page);
  const first = st.moves[0];
  check(new Chess().moves().includes(first), `the engine's first move ${first} is not legal`);
  const tb = await takebackWhileThinking(page);
  // Then analysis to depth 8.
  await page.click('#mode-analyse');
  await page.click('#load-start');
  await setValue(page, '#analysis-depth', '8');
  const t = Date.now();
  await page.click('#analyse-start');
  await waitFor(page, () => !window.shiftmateState().analysis.running, null, 60000, 'the depth-8 analysis to end');
  st = await state(page);
  check(st.analysis.depth >= 8, `the analysis ended at depth ${st.analysis.depth}`);
  const evalText = await text(page, '#eval');
  check(EVAL_RE.test(evalText), `#eval "${evalText}" is not a score`);
  // Stop means a fresh worker here: start a long analysis, stop it, start again.
  await setValue(page, '#analysis-depth', '40');
  await page.click('#analyse-start');
  await sleep(500);
  const restarts = (await state(page)).engine.restarts;
  await page.click('#analyse-stop');
  await waitFor(page, (r) => window.shiftmateState().engine.restarts > r && window.shiftmateState().engine.ready,
    restarts, 60000, 'a fresh engine after Stop');
  await setValue(page, '#analysis-depth', '6');
  await page.click('#analyse-start');
  await waitFor(page, () => !window.shiftmateState().analysis.running && window.shiftmateState().analysis.depth >= 6,
    null, 60000, 'analysis after the restart');
  await page.closeAll();
  checkPageErrors();
  return `"${build}"; engine opened with ${first}; ${tb}; depth 8 in ${secs(Date.now() - t)} (eval ${evalText}); `
    + 'Stop restarted the worker';
}

// Check 7 (full run): offline after one visit. The service worker stores the
// page and the engine build in use; with the server stopped, a reload still
// gives a working page and engine.
async function offline() {
  const server = await startServer(true);
  const page = await openSite(server);
  const st0 = await state(page);
  const folder = `engine/${/^threads/.test(st0.engine.build) ? 'threads'
    : (/no SIMD/.test(st0.engine.build) ? 'one-thread-scalar' : 'one-thread')}/`;
  await waitFor(page, () => navigator.serviceWorker && navigator.serviceWorker.controller, null, 20000,
    'the service worker to control the page');
  // Wait until the cache holds the page and an engine build's wasm.
  check(fs.existsSync(path.join(SITE, folder)), `the page runs ${folder}, which the site lacks`);
  await waitFor(page, async ({ f }) => {
    const names = await caches.keys();
    for (const n of names) {
      const c = await caches.open(n);
      const keys = (await c.keys()).map((r) => new URL(r.url).pathname);
      if (keys.includes('/app.js') && keys.includes('/engine/uci-worker.js')
        && keys.some((k) => k.startsWith(`/${f}`) && k.endsWith('.wasm'))) return true;
    }
    return false;
  }, { f: folder }, 30000, `the service worker's cache to hold the page and ${folder}`);
  const cached = await page.evaluate(async () => {
    const out = [];
    for (const n of await caches.keys()) {
      for (const r of await (await caches.open(n)).keys()) out.push(new URL(r.url).pathname);
    }
    return out.sort();
  });
  verbose(`cached: ${cached.join(' ')}`);
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
  await page.reload({ waitUntil: 'load' });
  await waitFor(page, () => window.shiftmateState && (window.shiftmateState().engine.ready
    || window.shiftmateState().engine.failed), null, 90000, 'the engine, offline');
  const st = await state(page);
  check(st.engine.ready, `offline, the engine did not start: ${await text(page, '#engine-error')}`);
  // A move from the engine, offline.
  await page.select('#movetime', '100');
  await page.select('#color', 'b');
  await page.click('#new-game');
  await waitFor(page, () => window.shiftmateState().moves.length >= 1, null, 20000, 'an engine move, offline');
  const mv = (await state(page)).moves[0];
  await page.closeAll();
  checkPageErrors();
  return `${cached.length} files cached; offline reload: engine ready, played ${mv}`;
}

// --bench: the engine's bench in the one-thread build.
async function bench(server) {
  const page = await blankPage(server);
  const w = await startWorker(page);
  w.send('uci');
  await w.waitLine(/^uciok$/, 90000, 'uciok');
  w.send('isready');
  await w.waitLine(/^readyok$/, 30000, 'readyok');
  const from = w.count();
  const t = Date.now();
  w.send('bench');
  const line = await w.waitLine(/\b\d+\s+nodes\s+\d+\s+nps\b/, 570000, 'the bench\'s "N nodes M nps" line', from);
  const m = /\b(\d+)\s+nodes\s+(\d+)\s+nps\b/.exec(line);
  verbose(w.lines().slice(from).slice(-5).join('\n'));
  await page.closeAll();
  log(`browser bench: ${m[1]} nodes, ${m[2]} nps`);
  return `${line} (${secs(Date.now() - t)} wall)`;
}

// ------------------------------------------------------------------- main

const watchdog = setTimeout(() => {
  console.error('browser-test: FAILED: the whole test took more than 15 minutes');
  stopServers();
  process.exit(1);
}, 15 * 60 * 1000);

let code = 0;
try {
  const mode = args.smoke || args.bench ? [args.smoke && 'smoke', args.bench && 'bench'].filter(Boolean).join(' + ') : 'full';
  log(`browser test (${mode}) of ${SITE} with ${args.chromium}`);
  browser = await puppeteer.launch({
    executablePath: args.chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions'],
  });
  log(`browser: ${await browser.version()}`);
  const isolated = await startServer(true);
  const plain = await startServer(false);
  log(`servers: ${isolated.url} (isolated), ${plain.url} (no isolation headers)`);

  if (args.smoke || !args.bench) {
    await step('worker alone, threads build (isolated page)', () => workerAlone(isolated));
    await step('worker alone, one-thread build (no isolation headers)', () => workerAlone(plain));
  }
  if (!args.smoke && !args.bench) {
    await step('game against the lowest level, moves by clicks', () => playGame(isolated));
    await step('promotion to a knight by dragging', () => promotion(isolated));
    await step('analysis of a FEN to depth 10 (threads)', () => analyse(isolated));
    await step('page without isolation headers (one thread)', () => oneThreadPage(plain));
    await step('offline after one visit (service worker)', () => offline());
  }
  if (args.bench) {
    await step('bench, one-thread build', () => bench(plain));
  }
  log(`PASSED: ${results.length} checks in ${secs(Date.now() - t0)}`);
} catch (e) {
  code = 1;
  if (e instanceof TestFailure) console.error(`browser-test: FAILED: ${e.message}`);
  else console.error(`browser-test: FAILED with an error: ${e.stack || e}`);
  if (pageErrors.length) console.error(pageErrors.join('\n'));
} finally {
  clearTimeout(watchdog);
  try {
    if (browser) await browser.close();
  } catch {
    // already gone
  }
  stopServers();
}
process.exit(code);
