// grapeshot/worker for browsers and bundlers: the engine in a Web Worker (a module worker), so odds
// never block the page. createEngineWorker() on the page; serveEngine() in a worker script of your own.
import { createEngine } from './index.js';
import { engineWorkerClient, serveEngineOn } from './worker-client.js';

function initOptions(options) {
  const init = {};
  if (options.wasmModule) init.wasmModule = options.wasmModule;  // a WebAssembly.Module is cloned to workers
  if (options.wasmBinary) init.wasmBinary = options.wasmBinary;
  // Relative to the page, as on the main thread (a worker's own location is its script).
  if (options.wasmUrl) init.wasmUrl = new URL(options.wasmUrl, globalThis.location?.href).href;
  return init;
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
    const w = make();
    w.onmessage = (e) => onMessage(e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      onFailure(new Error(`grapeshot: the engine worker failed to start (${e.message ?? 'script error'})`));
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
