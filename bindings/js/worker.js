// grapeshot/worker for browsers and bundlers: the engine in a Web Worker (a module worker), so odds
// never block the page. createEngineWorker() on the page; serveEngine() in a worker script of your own.
import { createEngine } from './index.js';
import { scriptBase } from './engine.js';
import { engineWorkerClient, serveEngineOn } from './worker-client.js';

function initOptions(options) {
  const init = {};
  if (options.wasmModule) init.wasmModule = options.wasmModule;  // a WebAssembly.Module is cloned to workers
  if (options.wasmBinary) init.wasmBinary = options.wasmBinary;
  if (options.lang) init.lang = options.lang;  // the wrapper's own words (words.js)
  if (options.langs) init.langs = options.langs;  // else loaded the first time a call wants one
  // Resolved here as createEngine resolves it on this thread (a worker's own base is its script).
  if (options.wasmUrl) init.wasmUrl = new URL(options.wasmUrl, scriptBase(import.meta.url)).href;
  return init;
}

// The URL of the script a `worker:` option starts: the Worker constructor is watched while it runs
// (synchronously), so a failure can name the script. Null when it cannot be seen.
function startWatched(make) {
  const Original = globalThis.Worker;
  let url = null;
  let watching = false;
  if (typeof Original === 'function') {
    try {
      globalThis.Worker = new Proxy(Original, {
        construct(target, args, newTarget) {
          try {
            url ??= new URL(String(args[0]), globalThis.location?.href).href;
          } catch {
            // not a URL: the Worker constructor says so itself
          }
          return Reflect.construct(target, args, newTarget === globalThis.Worker ? target : newTarget);
        },
      });
      watching = true;
    } catch {
      // a Worker that cannot be replaced: started unwatched, its failure names no URL
    }
  }
  try {
    return { worker: make(), url };
  } finally {
    if (watching) globalThis.Worker = Original;
  }
}

// Why a worker script did not start, in words: what its URL answers (a 404, an HTML page, a wrong
// type), when that can be asked.
async function diagnose(url) {
  if (!url) return '';
  try {
    const r = await fetch(url, { cache: 'no-store' });
    const type = r.headers.get('content-type') ?? '';
    if (!r.ok) return `: it answered HTTP ${r.status}`;
    if (!/javascript|ecmascript/i.test(type)) return `: it answered ${type || 'no Content-Type'}, not JavaScript`;
    return ': it is JavaScript, so it threw while loading, or the Content Security Policy (worker-src) refused it';
  } catch {
    return ' (it could not be fetched to say why)';
  }
}

/**
 * The engine's API, asynchronous, in a worker. Options: `worker` (a function returning a new
 * Worker, for a worker script you bundle yourself, see serveEngine), and createEngine's wasmUrl |
 * wasmBinary | wasmModule. Every call takes a last argument `{ signal }`: aborting ends the worker,
 * the call rejects with an AbortError, and the next call starts a new worker.
 */
export function createEngineWorker(options = {}) {
  // The literal `new Worker(new URL(…, import.meta.url), { type: 'module' })` is what Vite and
  // webpack 5 follow to bundle the worker.
  const make = options.worker ?? (() => new Worker(new URL('./worker-entry.js', import.meta.url), { type: 'module' }));
  return engineWorkerClient(({ onMessage, onFailure }) => {
    const { worker: w, url } = startWatched(make);
    w.onmessage = (e) => onMessage(e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      const script = url ? ` ${url}` : '';
      const fix = options.worker
        ? 'the `worker:` option must start a script that calls serveEngine() from grapeshot/worker, served as JavaScript'
        : 'serve it, or bundle a worker script of your own that calls serveEngine() from grapeshot/worker and pass ' +
          "createEngineWorker({ worker: () => new Worker('/your-worker.js', { type: 'module' }) })";
      const what = e.message ? ` (${e.message})` : '';
      // An error event with a message is an exception in the script; without one, the script did not load.
      diagnose(e.message ? null : url).then((why) => onFailure(new Error(
        `grapeshot: the engine worker${script} failed to start${what}${why}; ${fix}`)));
    };
    w.onmessageerror = () => onFailure(new Error('grapeshot: a message from the engine worker could not be read'));
    return { post: (m) => w.postMessage(m), terminate: () => w.terminate() };
  }, initOptions(options));
}

/**
 * Makes the current worker answer createEngineWorker's calls. `defaults`: createEngine options
 * used unless the page passes its own (e.g. { wasmUrl: '/grapeshot-core.wasm' } under esbuild).
 */
export function serveEngine(defaults = {}) {
  serveEngineOn({
    onMessage: (fn) => { globalThis.onmessage = (e) => fn(e.data); },
    post: (m) => globalThis.postMessage(m),
  }, createEngine, defaults);
}
