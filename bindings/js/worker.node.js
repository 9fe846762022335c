// grapeshot/worker for Node: the same API on worker_threads, so a server's odds never block its
// event loop.
import { Worker, parentPort } from 'node:worker_threads';
import { createEngine } from './index.node.js';
import { nodeWasmUrl } from './wasm-url.node.js';
import { engineWorkerClient, serveEngineOn } from './worker-client.js';

/** As in browsers (see worker.js); `worker` returns a worker_threads Worker. */
export function createEngineWorker(options = {}) {
  const init = {};
  if (options.wasmModule) init.wasmModule = options.wasmModule;
  if (options.wasmBinary) init.wasmBinary = options.wasmBinary;
  if (options.lang) init.lang = options.lang;  // the wrapper's own words (words.js)
  if (options.langs) init.langs = options.langs;  // else loaded the first time a call wants one
  // Resolved here: a relative path means the caller's working directory, whoever reads it.
  if (options.wasmUrl) init.wasmUrl = nodeWasmUrl(options.wasmUrl).href;
  // None of the host's flags: passed explicitly, a process-wide one (--max-old-space-size,
  // --expose-gc, as `npm run bench` uses) makes the Worker throw ERR_WORKER_INVALID_EXEC_ARGV, and
  // inherited, `node -e`'s --input-type is refused for a worker that is a file. The worker needs none.
  const script = new URL('./worker-entry.node.js', import.meta.url);
  const make = options.worker ?? (() => new Worker(script, { execArgv: [] }));
  const which = options.worker ? 'the worker your `worker:` option started (its script calls serveEngine() from grapeshot/worker)'
    : `the engine worker (${script.href})`;
  return engineWorkerClient(({ onMessage, onFailure }) => {
    const w = make();
    w.unref();  // referenced only while calls are under way (busy/idle below)
    w.on('message', onMessage);
    w.on('error', (e) => onFailure(new Error(`grapeshot: ${which} failed: ${e.message}`)));
    w.on('exit', (code) => onFailure(new Error(`grapeshot: ${which} exited (code ${code})`)));
    // Only a worker with calls under way keeps the process alive.
    return { post: (m) => w.postMessage(m), terminate: () => { w.terminate(); }, busy: () => w.ref(), idle: () => w.unref() };
  }, init);
}

/** Makes the current worker thread answer createEngineWorker's calls. */
export function serveEngine(defaults = {}) {
  serveEngineOn({ onMessage: (fn) => parentPort.on('message', fn), post: (m) => parentPort.postMessage(m) }, createEngine, defaults);
}
