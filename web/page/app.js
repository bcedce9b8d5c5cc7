// Shiftmate in the browser: the page (Play and Analyse) around the engine's
// Web Worker (engine/uci-worker.js), which speaks UCI one line per message.
//
// The board is chessground, the rules (legal moves, SAN, FEN, PGN) chess.js.
// The worker comes in two builds: with threads (the page is cross-origin
// isolated, SharedArrayBuffer exists; `stop` works while searching) and with
// one thread (the search blocks the worker, so only bounded searches are sent
// and stopping means starting a fresh worker).

import { Chessground } from 'chessground';
import { Chess, validateFen, DEFAULT_POSITION } from 'chess.js';

const WORKER_URL = 'engine/uci-worker.js';
const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- helpers

const colorName = (c) => (c === 'w' ? 'white' : 'black');

function show(el, on) {
  el.hidden = !on;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function formatNps(nps) {
  if (!Number.isFinite(nps)) return '–';
  if (nps >= 1e6) return `${(nps / 1e6).toFixed(2)} Mn/s`;
  if (nps >= 1e3) return `${(nps / 1e3).toFixed(0)} kn/s`;
  return `${nps} n/s`;
}

function formatNodes(n) {
  if (!Number.isFinite(n)) return '–';
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

// A score from the side to move's view, shown from White's.
function whiteScore(score, turn) {
  const sign = turn === 'w' ? 1 : -1;
  return { type: score.type, value: score.value * sign };
}

function formatScore(s) {
  if (s.type === 'mate') return `#${s.value}`;
  const v = s.value / 100;
  if (v === 0) return '0.00';
  return (v > 0 ? '+' : '') + v.toFixed(2);
}

// Parse one `info` line (null when it is not one, or when it is `info string`).
function parseInfo(line) {
  const t = line.trim().split(/\s+/);
  if (t[0] !== 'info' || t[1] === 'string') return null;
  const info = {};
  for (let i = 1; i < t.length; i++) {
    const k = t[i];
    switch (k) {
      case 'depth': case 'seldepth': case 'multipv': case 'nodes': case 'nps':
      case 'time': case 'hashfull': case 'tbhits': case 'currmovenumber':
        info[k] = Number(t[++i]);
        break;
      case 'score':
        info.score = { type: t[i + 1], value: Number(t[i + 2]) };
        i += 2;
        if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') info.bound = t[++i];
        break;
      case 'wdl':
        info.wdl = [Number(t[i + 1]), Number(t[i + 2]), Number(t[i + 3])];
        i += 3;
        break;
      case 'currmove':
        info.currmove = t[++i];
        break;
      case 'pv':
        info.pv = t.slice(i + 1);
        i = t.length;
        break;
      case 'string':
        i = t.length;
        break;
      default:
        break;
    }
  }
  return info;
}

function uciToMove(uci) {
  if (!/^[a-h][1-8][a-h][1-8][qrbn]?$/.test(uci)) return null;
  const m = { from: uci.slice(0, 2), to: uci.slice(2, 4) };
  if (uci.length === 5) m.promotion = uci[4];
  return m;
}

const moveToUci = (m) => m.from + m.to + (m.promotion || '');

// Legal destinations for chessground: Map<from, to[]>.
function destsOf(chess) {
  const dests = new Map();
  for (const m of chess.moves({ verbose: true })) {
    const list = dests.get(m.from);
    if (list) {
      if (!list.includes(m.to)) list.push(m.to);
    } else {
      dests.set(m.from, [m.to]);
    }
  }
  return dests;
}

// Plain-text outcome when the game is over, or null.
function outcomeOf(chess) {
  if (chess.isCheckmate()) {
    const white = chess.turn() === 'b';
    return { result: white ? '1-0' : '0-1', text: `${white ? 'White' : 'Black'} wins by checkmate` };
  }
  if (chess.isStalemate()) return { result: '1/2-1/2', text: 'Draw by stalemate' };
  if (chess.isInsufficientMaterial()) return { result: '1/2-1/2', text: 'Draw by insufficient material' };
  if (chess.isThreefoldRepetition()) return { result: '1/2-1/2', text: 'Draw by threefold repetition' };
  if (chess.isDrawByFiftyMoves()) return { result: '1/2-1/2', text: 'Draw by the fifty-move rule' };
  return null;
}

// SAN of a list of UCI moves from a FEN, with move numbers; stops at the
// first move that is not legal there.
function pvToSan(fen, uciMoves, maxMoves = 24) {
  const chess = new Chess(fen);
  const parts = [];
  let first = true;
  for (const u of uciMoves.slice(0, maxMoves)) {
    const m = uciToMove(u);
    if (!m) break;
    const turn = chess.turn();
    const num = chess.moveNumber();
    let played;
    try {
      played = chess.move(m);
    } catch {
      break;
    }
    if (turn === 'w') parts.push(`${num}.`);
    else if (first) parts.push(`${num}...`);
    parts.push(played.san);
    first = false;
  }
  return parts.join(' ');
}

// Fill an <ol> with the SAN of moves from a start FEN; `current` is the
// number of plies shown on the board (for highlighting), onPick(ply) when a
// move is chosen (or null for plain text).
function renderMoveList(ol, startFen, sanMoves, current, onPick) {
  const chess = new Chess(startFen);
  let num = chess.moveNumber();
  let turn = chess.turn();
  ol.replaceChildren();
  let li = null;
  sanMoves.forEach((san, i) => {
    if (turn === 'w' || !li) {
      li = document.createElement('li');
      li.value = num;
      if (turn === 'b') {
        const gap = document.createElement('span');
        gap.className = 'gap';
        gap.textContent = '…';
        li.append(gap);
      }
      ol.append(li);
    }
    let el;
    if (onPick) {
      el = document.createElement('button');
      el.type = 'button';
      el.className = 'move link';
      el.addEventListener('click', () => onPick(i + 1));
      if (i + 1 === current) el.setAttribute('aria-current', 'true');
    } else {
      el = document.createElement('span');
      el.className = 'move';
    }
    el.textContent = san;
    li.append(el);
    if (turn === 'b') num++;
    turn = turn === 'w' ? 'b' : 'w';
  });
  const last = ol.querySelector('[aria-current="true"]') || ol.lastElementChild;
  if (last && last.scrollIntoView && ol.scrollHeight > ol.clientHeight) {
    last.scrollIntoView({ block: 'nearest' });
  }
}

async function copyText(text, field) {
  const status = $('copy-status');
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied.';
  } catch {
    field.focus();
    field.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    status.textContent = ok ? 'Copied.' : 'Select the text and copy it.';
  }
  setTimeout(() => { status.textContent = ''; }, 3000);
}

// ------------------------------------------------------------- the engine

// One UCI engine in a Web Worker. search() runs one search at a time: a new
// search while one runs cancels that one first (threads: `stop`, and its
// bestmove is ignored; one thread: a fresh worker).
class Engine {
  constructor(handlers) {
    this.handlers = handlers; // onStatus(engine), onError(text)
    this.pageIsolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
    this.threads = this.pageIsolated; // until the worker says which build it is
    this.buildKnown = false;
    this.buildText = '';
    this.maxThreads = this.pageIsolated ? (navigator.hardwareConcurrency || 1) : 1;
    this.name = 'Shiftmate';
    this.options = new Map(); // name -> {type, default, min, max, vars}
    this.sent = new Map(); // option values sent to this worker
    this.log = [];
    this.worker = null;
    this.ready = false;
    this.readyWaiters = [];
    this.isreadyWaiters = [];
    this.current = null; // the search whose bestmove is awaited
    this.next = null; // the search to start after it
    this.pendingNewGame = false;
    this.restarts = 0;
    this.stopTimer = null;
    this.failed = false;
  }

  get busy() {
    return this.current !== null;
  }

  record(dir, line) {
    this.log.push(`${dir} ${line}`);
    if (this.log.length > 400) this.log.splice(0, this.log.length - 300);
  }

  post(line) {
    this.record('>', line);
    this.worker.postMessage(line);
  }

  start() {
    this.ready = false;
    this.failed = false;
    this.sent = new Map();
    let worker;
    try {
      worker = new Worker(WORKER_URL);
    } catch (e) {
      this.fail(`the engine could not start: ${e.message || e}`);
      return;
    }
    this.worker = worker;
    worker.onmessage = (ev) => {
      if (worker !== this.worker) return;
      const data = typeof ev.data === 'string' ? ev.data : String(ev.data);
      for (const line of data.split('\n')) if (line.trim()) this.onLine(line.trim());
    };
    worker.onerror = (ev) => {
      if (worker !== this.worker) return;
      ev.preventDefault?.();
      this.fail(`the engine failed: ${ev.message || 'error in the worker'}`);
    };
    worker.onmessageerror = () => this.record('!', 'message error');
    this.phase = 'uci';
    this.post('uci');
  }

  fail(text) {
    this.failed = true;
    this.ready = false;
    this.current = null;
    this.next = null;
    this.handlers.onError(text);
    this.handlers.onStatus(this);
  }

  // A fresh worker (the one-thread build's way to stop a search).
  restart() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.current = null;
    this.restarts++;
    clearTimeout(this.stopTimer);
    this.start();
    this.handlers.onStatus(this);
  }

  whenReady() {
    if (this.ready) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  onLine(line) {
    this.record('<', line);
    if (line.startsWith('info string ')) {
      const m = /Shiftmate web build:\s*(.*)$/.exec(line);
      if (m) this.onBuild(m[1]);
      else if (/^info string Shiftmate cannot /.test(line)) this.fail(line.slice(12));
      return;
    }
    if (line.startsWith('info ')) {
      const cur = this.current;
      if (cur && !cur.cancelled && cur.onInfo) {
        const info = parseInfo(line);
        if (info) cur.onInfo(info);
      }
      return;
    }
    if (line.startsWith('bestmove')) {
      this.onBestmove(line.split(/\s+/)[1] || '0000');
      return;
    }
    if (line.startsWith('id name ')) {
      this.name = line.slice(8).trim();
      return;
    }
    if (line.startsWith('option name ')) {
      this.onOption(line);
      return;
    }
    if (line === 'uciok') {
      this.phase = 'isready';
      this.post('isready');
      return;
    }
    if (line === 'readyok') {
      if (!this.ready && this.phase === 'isready') {
        this.phase = 'ready';
        this.ready = true;
        const waiters = this.readyWaiters.splice(0);
        waiters.forEach((w) => w());
        this.handlers.onStatus(this);
        if (!this.current && this.next) {
          const n = this.next;
          this.next = null;
          this.run(n);
        }
      }
      const w = this.isreadyWaiters.shift();
      if (w) w();
    }
  }

  onBuild(text) {
    this.buildKnown = true;
    this.buildText = text;
    // The worker's folder for this build (web/engine/uci-worker.js's names).
    this.buildFolder = /^threads/.test(text) ? 'threads' : (/no SIMD/.test(text) ? 'one-thread-scalar' : 'one-thread');
    this.handlers.onBuildFolder?.(this.buildFolder);
    const m = /^threads\s*\(up to (\d+)\)/.exec(text);
    if (m) {
      this.threads = true;
      this.maxThreads = Math.max(1, Math.min(Number(m[1]), navigator.hardwareConcurrency || Number(m[1])));
    } else if (/^threads/.test(text)) {
      this.threads = true;
    } else {
      this.threads = false;
      this.maxThreads = 1;
    }
    this.handlers.onStatus(this);
  }

  onOption(line) {
    const m = /^option name (.+?) type (\S+)(.*)$/.exec(line);
    if (!m) return;
    const opt = { type: m[2] };
    const rest = m[3];
    const def = /\bdefault (.*?)(?= min | max | var |$)/.exec(rest);
    if (def) opt.default = def[1].trim();
    const min = /\bmin (-?\d+)/.exec(rest);
    const max = /\bmax (-?\d+)/.exec(rest);
    if (min) opt.min = Number(min[1]);
    if (max) opt.max = Number(max[1]);
    opt.vars = [...rest.matchAll(/\bvar (\S+)/g)].map((v) => v[1]);
    this.options.set(m[1], opt);
  }

  hasOption(name) {
    return this.options.has(name);
  }

  onBestmove(move) {
    const cur = this.current;
    clearTimeout(this.stopTimer);
    this.current = null;
    if (cur && !cur.cancelled && cur.onBest) cur.onBest(move);
    if (!this.current && this.next) {
      const n = this.next;
      this.next = null;
      this.run(n);
    }
    this.handlers.onStatus(this);
  }

  newGame() {
    this.pendingNewGame = true;
  }

  // req: {position, go, options: {name: value}, onInfo(info), onBest(move)}
  search(req) {
    if (this.failed) return;
    if (this.current) {
      this.next = req;
      this.cancelCurrent();
    } else {
      this.run(req);
    }
  }

  // Drop the running search (its results are ignored) and any queued one.
  abort() {
    this.next = null;
    this.cancelCurrent();
  }

  cancelCurrent() {
    const cur = this.current;
    if (!cur) return;
    cur.cancelled = true;
    if (!cur.sent) return; // still waiting for the engine: run() drops it
    if (this.threads) {
      if (!cur.stopSent) {
        cur.stopSent = true;
        this.post('stop');
        // Should the engine not answer the stop, start afresh.
        clearTimeout(this.stopTimer);
        this.stopTimer = setTimeout(() => {
          if (this.current === cur) {
            this.record('!', 'no bestmove after stop: restarting the engine');
            const n = this.next;
            this.restart();
            this.next = n;
          }
        }, 5000);
      }
    } else {
      const n = this.next;
      this.restart(); // the queued search runs once the new worker is ready
      this.next = n;
    }
  }

  async run(req) {
    this.current = req;
    this.handlers.onStatus(this);
    await this.whenReady();
    if (this.current !== req) return; // a restart dropped it
    if (req.cancelled) {
      this.current = null;
      if (this.next) {
        const n = this.next;
        this.next = null;
        this.run(n);
      } else {
        this.handlers.onStatus(this);
      }
      return;
    }
    if (this.pendingNewGame) {
      this.pendingNewGame = false;
      this.post('ucinewgame');
    }
    const opts = { ...(req.options || {}) };
    if (this.hasOption('Threads')) opts.Threads = this.threads ? this.handlers.threads() : 1;
    for (const [name, value] of Object.entries(opts)) {
      if (!this.hasOption(name)) continue;
      const v = String(value);
      if (this.sent.get(name) === v) continue;
      this.sent.set(name, v);
      this.post(`setoption name ${name} value ${v}`);
    }
    this.post(req.position);
    req.sent = true;
    this.post(typeof req.go === 'function' ? req.go() : req.go);
  }
}

// ------------------------------------------------------------------ state

const els = {};
for (const id of [
  'mode-play', 'mode-analyse', 'play-panel', 'analyse-panel', 'board', 'promotion', 'promotion-cancel',
  'flip', 'nav-first', 'nav-prev', 'nav-next', 'nav-last', 'turn-status', 'engine-build', 'notice',
  'engine-error', 'new-game-form', 'color', 'level', 'movetime', 'fen-input', 'play-error', 'new-game',
  'takeback', 'result', 'moves', 'analyse-game', 'fen-output', 'pgn-output', 'copy-fen', 'copy-pgn',
  'eval', 'wdl', 'depth', 'nps', 'nodes', 'analysis-status', 'pv-lines', 'multipv', 'analysis-depth',
  'analysis-depth-row', 'analyse-start', 'analyse-stop', 'analysis-moves', 'analyse-fen-output',
  'analyse-fen', 'load-fen', 'load-start', 'pgn-input', 'load-pgn', 'analyse-error', 'threads',
  'move-form', 'move-input', 'move-error',
]) {
  els[id] = $(id);
}

let mode = 'play';
let orientation = 'white';

const play = {
  chess: new Chess(),
  startFen: DEFAULT_POSITION,
  playerColor: 'w',
  over: false,
  outcome: null,
  thinking: false,
  levelText: 'full strength',
  illegal: null,
};

const an = {
  baseFen: DEFAULT_POSITION,
  moves: [], // verbose chess.js moves from baseFen
  cursor: 0, // plies of `moves` on the board
  running: false,
  lines: new Map(), // multipv -> info
  fen: DEFAULT_POSITION, // the analysed position
  turn: 'w',
  depth: 0,
  nps: NaN,
  nodes: NaN,
  done: false,
};

let promotionPending = null; // {from, to, resolve}

// ------------------------------------------------------------------ board

const cg = Chessground(els.board, {
  fen: DEFAULT_POSITION,
  orientation,
  coordinates: true,
  autoCastle: true,
  animation: { enabled: true, duration: 150 },
  movable: { free: false, color: undefined, showDests: true, events: { after: onBoardMove } },
  premovable: { enabled: false },
  draggable: { enabled: true, showGhost: true },
  highlight: { lastMove: true, check: true },
  drawable: { enabled: true },
});

function setBoard(chess, movableColor, lastMove) {
  const turn = colorName(chess.turn());
  cg.set({
    fen: chess.fen(),
    turnColor: turn,
    orientation,
    lastMove: lastMove ? [lastMove.from, lastMove.to] : undefined,
    check: chess.inCheck(),
    movable: {
      color: movableColor,
      dests: movableColor ? destsOf(chess) : new Map(),
    },
  });
}

function isPromotion(chess, from, to) {
  const p = chess.get(from);
  return !!p && p.type === 'p' && (to[1] === '8' || to[1] === '1');
}

function askPromotion(from, to) {
  return new Promise((resolve) => {
    promotionPending = { from, to, resolve };
    cg.set({ movable: { color: undefined } });
    show(els.promotion, true);
    els.promotion.querySelector('button[data-piece="q"]').focus();
  });
}

function closePromotion(piece) {
  const p = promotionPending;
  if (!p) return;
  promotionPending = null;
  show(els.promotion, false);
  p.resolve(piece);
}

els.promotion.addEventListener('click', (ev) => {
  const b = ev.target.closest('button[data-piece]');
  if (b) closePromotion(b.dataset.piece);
});
els['promotion-cancel'].addEventListener('click', () => closePromotion(null));
els.promotion.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape') closePromotion(null);
});

async function onBoardMove(from, to) {
  const chess = mode === 'play' ? play.chess : analysisChess();
  let promotion;
  if (isPromotion(chess, from, to)) {
    const m = mode;
    promotion = await askPromotion(from, to);
    if (m !== mode) return;
    if (!promotion) {
      render();
      return;
    }
  }
  if (mode === 'play') userMove({ from, to, promotion });
  else analysisMove({ from, to, promotion });
}

// Moves typed in (SAN such as Nf3 or exd8=Q, or UCI such as g1f3, e7e8q), for
// keyboard and screen-reader users.
els['move-form'].addEventListener('submit', (ev) => {
  ev.preventDefault();
  const raw = els['move-input'].value.trim();
  if (!raw || promotionPending) return;
  const chess = mode === 'play' ? play.chess : analysisChess();
  if (mode === 'play' && (play.over || play.thinking || chess.turn() !== play.playerColor)) {
    els['move-error'].textContent = play.over ? 'The game is over.' : 'Wait for your turn.';
    return;
  }
  let m = null;
  const uci = uciToMove(raw.toLowerCase());
  try {
    const played = new Chess(chess.fen()).move(uci || raw, { strict: false });
    m = { from: played.from, to: played.to, promotion: played.promotion };
  } catch {
    m = null;
  }
  if (!m) {
    els['move-error'].textContent = `${raw} is not a legal move here.`;
    return;
  }
  els['move-error'].textContent = '';
  els['move-input'].value = '';
  if (mode === 'play') userMove(m);
  else analysisMove(m);
});

els.flip.addEventListener('click', () => {
  orientation = orientation === 'white' ? 'black' : 'white';
  cg.set({ orientation });
});

// -------------------------------------------------------------- the engine

const engine = new Engine({
  onStatus: () => renderEngineStatus(),
  onError: (text) => {
    els['engine-error'].textContent = text;
    show(els['engine-error'], true);
    play.thinking = false;
    an.running = false;
    render();
  },
  threads: () => Number(els.threads.value) || 1,
  onBuildFolder: (folder) => cacheEngineFiles(folder),
});

// Ask the service worker to keep the engine build this browser runs, for
// offline use (it stores the page's own files by itself).
let swFolder = null;
function cacheEngineFiles(folder) {
  if (folder) swFolder = folder;
  if (!swFolder || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  navigator.serviceWorker.controller.postMessage({ type: 'cache-engine', folder: `engine/${swFolder}/` });
}

let levelsFilled = false;

function renderEngineStatus() {
  const e = engine;
  let text;
  if (e.unsupportedText) {
    text = e.unsupportedText;
  } else if (e.failed) {
    text = 'Engine: not running';
  } else if (!e.buildKnown && !e.ready) {
    text = 'Engine: loading…';
  } else if (e.threads) {
    text = `Engine: ${e.name}, threads (up to ${e.maxThreads}), using ${engine.handlers.threads()}`;
  } else {
    let why = '';
    if (!e.pageIsolated) why = 'this page is not cross-origin isolated';
    else if (e.buildText) why = (/\((.*)\)/.exec(e.buildText) || [])[1] || e.buildText;
    text = `Engine: ${e.name}, one thread` + (why ? `: ${why}` : '');
  }
  setText(els['engine-build'], text);

  const notes = [];
  if (!e.pageIsolated && !e.failed) {
    notes.push('With one thread the engine cannot be interrupted: analysis runs to the depth you choose, '
      + 'and Stop restarts the engine. (Threads need a page served with cross-origin isolation headers.)');
  } else if (!e.threads && e.buildKnown) {
    notes.push('With one thread the engine cannot be interrupted: analysis runs to the depth you choose, '
      + 'and Stop restarts the engine.');
  }
  if (!('serviceWorker' in navigator)) notes.push('No offline use: this browser has no service workers here.');
  els.notice.textContent = notes.join(' ');
  show(els.notice, notes.length > 0);

  // Threads selector.
  let max = e.threads ? Math.max(1, e.maxThreads) : 1;
  const tOpt = e.options.get('Threads');
  if (tOpt && Number.isFinite(tOpt.max)) max = Math.max(1, Math.min(max, tOpt.max));
  if (els.threads.options.length !== max) {
    const keep = Number(els.threads.value) || 0;
    els.threads.replaceChildren();
    for (let i = 1; i <= max; i++) els.threads.add(new Option(String(i), String(i)));
    const hwc = navigator.hardwareConcurrency || 1;
    const def = Math.min(4, hwc, max);
    els.threads.value = String(keep > 1 && keep <= max ? keep : def);
  }
  els.threads.disabled = !e.threads || max <= 1;
  show(els['analysis-depth-row'], !e.threads);

  // Strength levels from the engine's UCI_Elo range.
  if (!levelsFilled && e.ready) {
    levelsFilled = true;
    const elo = e.options.get('UCI_Elo');
    if (elo && e.hasOption('UCI_LimitStrength') && Number.isFinite(elo.min) && Number.isFinite(elo.max)) {
      const values = [elo.min];
      for (let v = Math.ceil((elo.min + 1) / 100) * 100; v < elo.max; v += 100) {
        if (v - values[values.length - 1] >= 50) values.push(v);
      }
      if (elo.max > values[values.length - 1]) values.push(elo.max);
      const sel = els.level;
      sel.replaceChildren();
      for (const v of values) sel.add(new Option(`Level: about ${v} Elo`, String(v)));
      sel.add(new Option('Full strength', 'full'));
      sel.value = String(values[Math.min(values.length - 1, Math.floor(values.length / 3))]);
    }
  }
  renderPlayStatus();
}

// ------------------------------------------------------------------- play

function playOptions() {
  const lvl = els.level.value;
  const opts = { MultiPV: 1, UCI_AnalyseMode: false, UCI_ShowWDL: false };
  if (lvl === 'full' || !engine.hasOption('UCI_Elo')) {
    opts.UCI_LimitStrength = false;
  } else {
    opts.UCI_LimitStrength = true;
    opts.UCI_Elo = Number(lvl);
  }
  return opts;
}

function positionCommand(startFen, moves) {
  const base = startFen === DEFAULT_POSITION ? 'position startpos' : `position fen ${startFen}`;
  return moves.length ? `${base} moves ${moves.map(moveToUci).join(' ')}` : base;
}

function newGame(ev) {
  ev?.preventDefault();
  show(els['play-error'], false);
  const raw = els['fen-input'].value.trim();
  let fen = DEFAULT_POSITION;
  if (raw) {
    const v = validateFen(raw);
    if (!v.ok) {
      els['play-error'].textContent = `That FEN is not valid: ${v.error}`;
      show(els['play-error'], true);
      return;
    }
    fen = raw;
  }
  let chess;
  try {
    chess = new Chess(fen);
  } catch (e) {
    els['play-error'].textContent = `That FEN is not valid: ${e.message}`;
    show(els['play-error'], true);
    return;
  }
  if (play.thinking) engine.abort();
  let color = els.color.value;
  if (color === 'random') color = Math.random() < 0.5 ? 'w' : 'b';
  play.chess = chess;
  play.startFen = chess.fen();
  play.playerColor = color;
  play.over = false;
  play.outcome = null;
  play.thinking = false;
  play.illegal = null;
  const lvl = els.level.value;
  play.levelText = lvl === 'full' ? 'full strength' : `level ${lvl} Elo`;
  play.date = new Date();
  engine.newGame();
  orientation = colorName(color);
  checkGameOver();
  render();
  maybeEngineMove();
}

function checkGameOver() {
  const o = outcomeOf(play.chess);
  play.over = !!o;
  play.outcome = o;
}

function userMove(m) {
  if (mode !== 'play' || play.over || play.thinking || play.chess.turn() !== play.playerColor) {
    render();
    return;
  }
  try {
    play.chess.move(m);
  } catch {
    render();
    return;
  }
  checkGameOver();
  render();
  maybeEngineMove();
}

function maybeEngineMove() {
  if (mode !== 'play' || play.over || play.thinking) return;
  if (play.chess.turn() === play.playerColor) return;
  if (engine.failed) return;
  play.thinking = true;
  const history = play.chess.history({ verbose: true });
  const fenBefore = play.chess.fen();
  const req = {
    position: positionCommand(play.startFen, history),
    go: `go movetime ${Number(els.movetime.value) || 1000}`,
    options: playOptions(),
    onBest: (uci) => {
      if (play.chess.fen() !== fenBefore) return; // the game moved on
      play.thinking = false;
      play.req = null;
      const m = uciToMove(uci);
      let ok = false;
      if (m) {
        try {
          play.lastEngineMove = play.chess.move(m).san;
          ok = true;
        } catch {
          ok = false;
        }
      }
      if (!ok) {
        play.illegal = uci;
        els['engine-error'].textContent = `The engine answered ${uci}, which is not a legal move here.`;
        show(els['engine-error'], true);
      }
      checkGameOver();
      render();
    },
  };
  play.req = req;
  render();
  engine.search(req);
}

function takeBack() {
  if (mode !== 'play') return;
  const history = play.chess.history({ verbose: true });
  if (!history.some((m) => m.color === play.playerColor)) return;
  if (play.thinking) {
    engine.abort();
    play.thinking = false;
    play.req = null;
  }
  let undonePlayer = false;
  while (play.chess.history().length) {
    const m = play.chess.undo();
    if (m.color === play.playerColor) undonePlayer = true;
    if (undonePlayer && play.chess.turn() === play.playerColor) break;
  }
  play.illegal = null;
  show(els['engine-error'], false);
  checkGameOver();
  render();
  maybeEngineMove();
}

function pgnOf(chess) {
  const c = new Chess(play.startFen);
  const d = play.date || new Date();
  const pad = (n) => String(n).padStart(2, '0');
  c.setHeader('Event', 'Game against Shiftmate');
  c.setHeader('Site', 'Shiftmate in the browser');
  c.setHeader('Date', `${d.getFullYear()}.${pad(d.getMonth() + 1)}.${pad(d.getDate())}`);
  const engineName = `${engine.name} (${play.levelText})`;
  c.setHeader('White', play.playerColor === 'w' ? 'You' : engineName);
  c.setHeader('Black', play.playerColor === 'b' ? 'You' : engineName);
  for (const m of chess.history({ verbose: true })) c.move(m);
  c.setHeader('Result', play.outcome ? play.outcome.result : '*');
  return c.pgn();
}

function renderPlayStatus() {
  let text = '';
  if (play.over) text = 'Game over';
  else if (play.thinking) text = `${engine.name} is thinking…`;
  else if (engine.failed) text = '';
  else if (play.chess.turn() === play.playerColor) {
    const h = play.chess.history();
    text = h.length && play.lastEngineMove === h[h.length - 1]
      ? `${engine.name.split(' ')[0]} played ${play.lastEngineMove}. Your move.` : 'Your move';
  }
  setText(els['turn-status'], text);
}

function renderPlay() {
  const chess = play.chess;
  const history = chess.history({ verbose: true });
  const movable = !play.over && !play.thinking && !promotionPending && chess.turn() === play.playerColor
    ? colorName(play.playerColor) : undefined;
  setBoard(chess, movable, history[history.length - 1]);
  renderMoveList(els.moves, play.startFen, history.map((m) => m.san), history.length, null);
  const o = play.outcome;
  setText(els.result, o ? `${o.result.replace('1/2-1/2', '½-½')} · ${o.text}` : '');
  els.result.dataset.result = o ? o.result : '';
  els['fen-output'].value = chess.fen();
  els['pgn-output'].value = pgnOf(chess);
  els.takeback.disabled = !history.some((m) => m.color === play.playerColor);
  renderPlayStatus();
}

els['new-game-form'].addEventListener('submit', newGame);
els.takeback.addEventListener('click', takeBack);
els['copy-fen'].addEventListener('click', () => copyText(els['fen-output'].value, els['fen-output']));
els['copy-pgn'].addEventListener('click', () => copyText(els['pgn-output'].value, els['pgn-output']));
els['analyse-game'].addEventListener('click', () => {
  an.baseFen = play.startFen;
  an.moves = play.chess.history({ verbose: true });
  an.cursor = an.moves.length;
  setMode('analyse');
});

// ---------------------------------------------------------------- analyse

function analysisChess(ply = an.cursor) {
  const c = new Chess(an.baseFen);
  for (const m of an.moves.slice(0, ply)) c.move(m);
  return c;
}

function loadAnalysis(baseFen, moves, cursor) {
  an.baseFen = baseFen;
  an.moves = moves;
  an.cursor = cursor;
  engine.newGame();
  positionChanged();
}

function analyseError(text) {
  els['analyse-error'].textContent = text || '';
  show(els['analyse-error'], !!text);
}

els['load-start'].addEventListener('click', () => {
  analyseError('');
  loadAnalysis(DEFAULT_POSITION, [], 0);
});

els['load-fen'].addEventListener('click', () => {
  const raw = els['analyse-fen'].value.trim();
  const v = validateFen(raw);
  if (!v.ok) {
    analyseError(`That FEN is not valid: ${v.error}`);
    return;
  }
  analyseError('');
  loadAnalysis(new Chess(raw).fen(), [], 0);
});

els['load-pgn'].addEventListener('click', () => {
  const raw = els['pgn-input'].value.trim();
  const c = new Chess();
  try {
    c.loadPgn(raw);
  } catch (e) {
    analyseError(`That PGN could not be read: ${e.message}`);
    return;
  }
  analyseError('');
  const moves = c.history({ verbose: true });
  const base = moves.length ? moves[0].before : c.fen();
  loadAnalysis(base, moves, moves.length);
});

function analysisMove(m) {
  const c = analysisChess();
  let played;
  try {
    played = c.move(m);
  } catch {
    render();
    return;
  }
  const nextMove = an.moves[an.cursor];
  if (!(nextMove && moveToUci(nextMove) === moveToUci(played))) {
    an.moves = an.moves.slice(0, an.cursor).concat([played]);
  }
  an.cursor++;
  positionChanged();
}

function goTo(ply) {
  const p = Math.max(0, Math.min(an.moves.length, ply));
  if (p === an.cursor) return;
  an.cursor = p;
  positionChanged();
}

els['nav-first'].addEventListener('click', () => goTo(0));
els['nav-prev'].addEventListener('click', () => goTo(an.cursor - 1));
els['nav-next'].addEventListener('click', () => goTo(an.cursor + 1));
els['nav-last'].addEventListener('click', () => goTo(an.moves.length));
document.addEventListener('keydown', (ev) => {
  if (mode !== 'analyse' || promotionPending) return;
  const tag = (ev.target && ev.target.tagName) || '';
  if (/^(INPUT|TEXTAREA|SELECT)$/.test(tag)) return;
  if (ev.key === 'ArrowLeft') goTo(an.cursor - 1);
  else if (ev.key === 'ArrowRight') goTo(an.cursor + 1);
  else if (ev.key === 'Home') goTo(0);
  else if (ev.key === 'End') goTo(an.moves.length);
  else return;
  ev.preventDefault();
});

function clearAnalysisOutput() {
  an.lines = new Map();
  an.depth = 0;
  an.nps = NaN;
  an.nodes = NaN;
  an.done = false;
  an.scoreWhite = null;
  an.wdlWhite = null;
}

function positionChanged() {
  const c = analysisChess();
  an.fen = c.fen();
  an.turn = c.turn();
  clearAnalysisOutput();
  if (an.running) startAnalysis();
  render();
}

function multiPv() {
  return Math.max(1, Math.min(5, Number(els.multipv.value) || 1));
}

function analysisDepth() {
  const d = Math.round(Number(els['analysis-depth'].value));
  return Number.isFinite(d) && d >= 1 ? Math.min(d, 99) : 16;
}

function startAnalysis() {
  if (engine.failed) return;
  const c = analysisChess();
  an.fen = c.fen();
  an.turn = c.turn();
  clearAnalysisOutput();
  an.running = true;
  const o = outcomeOf(c);
  if (o && c.moves().length === 0) {
    // Nothing to search: say why.
    an.running = false;
    an.finalText = o.text;
    engine.abort();
    render();
    return;
  }
  an.finalText = '';
  const fen = an.fen;
  const req = {
    position: positionCommand(an.baseFen, an.moves.slice(0, an.cursor)),
    // Decided when sent: by then the worker has said which build it is.
    go: () => (engine.threads ? 'go infinite' : `go depth ${analysisDepth()}`),
    options: { UCI_LimitStrength: false, MultiPV: multiPv(), UCI_ShowWDL: true, UCI_AnalyseMode: true },
    onInfo: (info) => onAnalysisInfo(fen, info),
    onBest: () => {
      if (an.req !== req) return;
      an.running = false;
      an.done = true;
      an.req = null;
      render();
    },
  };
  an.req = req;
  engine.search(req);
  render();
}

function stopAnalysis() {
  if (!an.running) return;
  an.running = false;
  an.req = null;
  engine.abort();
  render();
}

function onAnalysisInfo(fen, info) {
  if (fen !== an.fen) return;
  if (Number.isFinite(info.nps)) an.nps = info.nps;
  if (Number.isFinite(info.nodes)) an.nodes = info.nodes;
  if (info.pv && info.pv.length && info.score && !info.bound) {
    const k = info.multipv || 1;
    an.lines.set(k, info);
    if (k === 1) {
      if (Number.isFinite(info.depth)) an.depth = info.depth;
      an.scoreWhite = whiteScore(info.score, an.turn);
      if (info.wdl) an.wdlWhite = an.turn === 'w' ? info.wdl : [info.wdl[2], info.wdl[1], info.wdl[0]];
    }
  }
  scheduleAnalysisRender();
}

let analysisRenderQueued = false;
function scheduleAnalysisRender() {
  if (analysisRenderQueued) return;
  analysisRenderQueued = true;
  const run = () => {
    analysisRenderQueued = false;
    renderAnalysisOutput();
  };
  if (document.hidden) setTimeout(run, 100);
  else requestAnimationFrame(run);
}

function renderAnalysisOutput() {
  setText(els.eval, an.scoreWhite ? formatScore(an.scoreWhite) : '–');
  els.eval.dataset.score = an.scoreWhite ? `${an.scoreWhite.type} ${an.scoreWhite.value}` : '';
  if (an.wdlWhite) {
    const [w, d, l] = an.wdlWhite.map((x) => (x / 10).toFixed(0));
    setText(els.wdl, `White ${w}% · draw ${d}% · Black ${l}%`);
  } else {
    setText(els.wdl, '');
  }
  setText(els.depth, an.depth ? String(an.depth) : '–');
  setText(els.nps, formatNps(an.nps));
  setText(els.nodes, formatNodes(an.nodes));

  let status = '';
  if (an.running) status = engine.threads ? 'Analysing…' : `Analysing to depth ${analysisDepth()}…`;
  else if (an.finalText) status = an.finalText;
  else if (an.done) status = `Done (depth ${an.depth}).`;
  else if (an.depth) status = 'Stopped.';
  setText(els['analysis-status'], status);

  const n = multiPv();
  const keys = [...an.lines.keys()].filter((k) => k <= n).sort((a, b) => a - b);
  const ol = els['pv-lines'];
  while (ol.children.length > keys.length) ol.lastElementChild.remove();
  keys.forEach((k, i) => {
    const info = an.lines.get(k);
    let li = ol.children[i];
    if (!li) {
      li = document.createElement('li');
      const ev = document.createElement('span');
      ev.className = 'pv-eval';
      const san = document.createElement('span');
      san.className = 'pv-san';
      li.append(ev, ' ', san);
      ol.append(li);
    }
    li.dataset.multipv = String(k);
    li.dataset.depth = String(info.depth ?? '');
    const key = `${an.fen}|${info.pv.join(' ')}`;
    if (li.dataset.key !== key) {
      li.dataset.key = key;
      li.querySelector('.pv-san').textContent = pvToSan(an.fen, info.pv);
    }
    setText(li.querySelector('.pv-eval'), formatScore(whiteScore(info.score, an.turn)));
  });
}

function renderAnalyse() {
  const c = analysisChess();
  const last = an.cursor > 0 ? an.moves[an.cursor - 1] : undefined;
  const movable = !promotionPending && c.moves().length ? colorName(c.turn()) : undefined;
  setBoard(c, movable, last);
  renderMoveList(els['analysis-moves'], an.baseFen, an.moves.map((m) => m.san), an.cursor, goTo);
  els['analyse-fen-output'].value = c.fen();
  els['nav-first'].disabled = an.cursor === 0;
  els['nav-prev'].disabled = an.cursor === 0;
  els['nav-next'].disabled = an.cursor >= an.moves.length;
  els['nav-last'].disabled = an.cursor >= an.moves.length;
  els['analyse-start'].disabled = an.running || engine.failed;
  els['analyse-stop'].disabled = !an.running;
  renderAnalysisOutput();
}

els['analyse-start'].addEventListener('click', startAnalysis);
els['analyse-stop'].addEventListener('click', stopAnalysis);
els.multipv.addEventListener('change', () => {
  if (an.running) startAnalysis();
  else renderAnalysisOutput();
});
els['analysis-depth'].addEventListener('change', () => {
  if (an.running && !engine.threads) startAnalysis();
});
els.threads.addEventListener('change', () => {
  renderEngineStatus();
  if (mode === 'analyse' && an.running) startAnalysis();
});

// ------------------------------------------------------------------ modes

function setMode(m) {
  if (promotionPending) closePromotion(null);
  if (m === mode) {
    render();
    return;
  }
  if (mode === 'play' && play.thinking) {
    engine.abort(); // the engine's move is asked for again on coming back
    play.thinking = false;
    play.req = null;
  }
  if (mode === 'analyse') stopAnalysis();
  mode = m;
  document.body.dataset.mode = m;
  els['mode-play'].setAttribute('aria-selected', String(m === 'play'));
  els['mode-analyse'].setAttribute('aria-selected', String(m === 'analyse'));
  show(els['play-panel'], m === 'play');
  show(els['analyse-panel'], m === 'analyse');
  if (m === 'analyse') {
    const c = analysisChess();
    an.fen = c.fen();
    an.turn = c.turn();
    clearAnalysisOutput();
    orientation = 'white';
  } else {
    orientation = colorName(play.playerColor);
  }
  render();
  if (m === 'play') maybeEngineMove();
}

els['mode-play'].addEventListener('click', () => setMode('play'));
els['mode-analyse'].addEventListener('click', () => setMode('analyse'));

function render() {
  if (mode === 'play') renderPlay();
  else renderAnalyse();
}

// ------------------------------------------------------------ test hooks

// Read-only view of the page's state (for tests and curious users).
window.shiftmateState = () => ({
  mode,
  fen: play.chess.fen(),
  startFen: play.startFen,
  turn: play.chess.turn(),
  moves: play.chess.history(),
  over: play.over,
  result: play.outcome ? play.outcome.result : null,
  resultText: play.outcome ? play.outcome.text : null,
  playerColor: play.playerColor,
  thinking: play.thinking,
  illegalEngineMove: play.illegal,
  orientation,
  engine: {
    ready: engine.ready,
    failed: engine.failed,
    threads: engine.threads,
    maxThreads: engine.maxThreads,
    build: engine.buildText,
    restarts: engine.restarts,
    busy: engine.busy,
  },
  analysis: {
    fen: an.fen,
    running: an.running,
    depth: an.depth,
    score: an.scoreWhite ? { ...an.scoreWhite } : null,
    lines: an.lines.size,
  },
});
window.shiftmateEngineLog = () => engine.log.slice();

// ------------------------------------------------------------------ start

function boot() {
  document.body.dataset.mode = mode;
  if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') {
    const what = typeof WebAssembly !== 'object' ? 'WebAssembly' : 'Web Workers';
    engine.unsupportedText = `This browser lacks ${what}: the engine cannot run here. `
      + 'The board still works for entering moves.';
    engine.failed = true;
  } else {
    engine.start();
  }
  renderEngineStatus();
  render();
  if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol)) {
    navigator.serviceWorker.register('sw.js').catch(() => {
      // Offline use is a bonus; the page works without it.
    });
    // On the first visit the service worker takes over the page once it is
    // active; then it can store the engine build in use.
    navigator.serviceWorker.addEventListener('controllerchange', () => cacheEngineFiles());
    navigator.serviceWorker.ready.then(() => cacheEngineFiles()).catch(() => {});
  }
}

boot();
