// Shiftmate's UCI worker: post it UCI lines (one command a message) and it
// posts back the engine's lines, one a message, as stockfish.js does, so a web
// GUI can use either the same way:
//
//   const engine = new Worker('engine/uci-worker.js');
//   engine.onmessage = (event) => console.log(event.data);
//   engine.postMessage('uci');
//
// It runs the build the browser can (scripts/build-web.sh): Lazy SMP threads
// where the page is cross-origin isolated (SharedArrayBuffer), otherwise one
// thread; 128-bit SIMD where WebAssembly has it. Its first line says which, as
// an `info string`. The one-thread build reads no command while it searches:
// `stop` waits for the search's own limits (an infinite search ends at a depth
// the engine names), so a page stops it early by terminating the worker.
'use strict';

// The smallest module that uses a v128 value: it validates only where
// WebAssembly has 128-bit SIMD.
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,  // "\0asm", version 1
  0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b,        // type: () -> v128
  0x03, 0x02, 0x01, 0x00,                          // one function of that type
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c,        // code: v128.const ...
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,  // ... of 16 zero bytes
  0x0b,                                            // end
]);

// A line is copied onto the engine's stack (4 MB) on its way in: longer
// ones are refused here (no UCI command comes near).
const MAX_LINE = 1 << 18;
// How often the search thread's lines are fetched while a search runs
// (threads build).
const POLL_MS = 10;

function chooseBuild() {
  const simd = WebAssembly.validate(SIMD_PROBE);
  const isolated = self.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
  const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 64));
  if (isolated && simd) return {name: 'threads', threads: true, about: `threads (up to ${cores})`};
  const why = !isolated ? 'the page is not cross-origin isolated: no SharedArrayBuffer'
                        : 'this browser has no WebAssembly SIMD';
  if (simd) return {name: 'one-thread', threads: false, about: `one thread (${why})`};
  return {name: 'one-thread-scalar', threads: false,
          about: `one thread, no SIMD (${isolated ? why : why + '; no WebAssembly SIMD either'})`};
}

let engine = null;
let build = null;
let closed = false;
let poll = null;  // the timer that fetches a running search's lines
const waiting = [];  // lines posted before the engine was ready

function run(line) {
  if (closed) return;
  if (line.length > MAX_LINE) {
    postMessage(`info string line of ${line.length} characters ignored (at most ${MAX_LINE})`);
    return;
  }
  if (build.threads && !poll && /^\s*go\b(?!\s+perft)/.test(line))
    poll = setInterval(() => closed || engine._web_uci_poll(), POLL_MS);
  if (engine.ccall('web_uci_command', 'number', ['string'], [line]) === 0) {
    closed = true;  // after quit
    self.close();
  }
}

// Each of the engine's lines to the page; a bestmove ends the search's polling.
function print(line) {
  postMessage(line);
  if (poll && line.startsWith('bestmove')) {
    clearInterval(poll);
    poll = null;
  }
}

self.onmessage = (event) => {
  // A message may hold several lines; each is a command.
  for (const line of String(event.data ?? '').split('\n')) {
    if (engine) run(line);
    else waiting.push(line);
  }
};

if (typeof WebAssembly !== 'object') {
  postMessage('info string Shiftmate cannot run here: this browser has no WebAssembly');
} else {
  build = chooseBuild();
  const folder = new URL(`${build.name}/`, self.location.href).href;
  importScripts(`${folder}shiftmate.js`);
  ShiftmateEngine({
    locateFile: (file) => folder + file,
    mainScriptUrlOrBlob: `${folder}shiftmate.js`,  // what the threads' workers load
    print,
    printErr: (line) => console.error(line),
  }).then((module) => {
    engine = module;
    postMessage(`info string Shiftmate web build: ${build.about}`);
    while (waiting.length && !closed) run(waiting.shift());
  }, (error) => {
    postMessage(`info string Shiftmate cannot start in this browser: ${error}`);
  });
}
