// grapeshot/worker — the engine in a worker (a module Web Worker in browsers, a worker thread in
// Node) with the same calls as Engine, each returning a promise and taking a last, optional
// `{ signal }`: aborting a call terminates the worker, so even an odds job that would run for
// seconds stops at once. Calls queued behind it are sent again to a fresh worker; the aborted call
// rejects with an AbortError.
const METHODS = { resolve: 1, odds: 1, lookup: 1, table: 1, canonical: 1, rulesets: 0, batch: 2, verify: 2, lookupCodes: 2 };
const isNode = typeof process !== 'undefined' && !!process.versions?.node && typeof window === 'undefined';

function abortError(signal) {
  const reason = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  const e = new Error('grapeshot: the call was aborted');
  e.name = 'AbortError';
  return e;
}

// A worker behind one small interface: postMessage, terminate, onmessage({data}), onerror(error).
async function startWorker(workerUrl) {
  if (isNode) {
    const name = 'node:worker_threads';  // computed: bundlers for the browser never follow it
    const { Worker } = await import(/* @vite-ignore */ name);
    const w = new Worker(workerUrl ?? new URL('./engine-worker.js', import.meta.url));
    w.unref();  // an idle engine worker never keeps a Node process alive
    const port = { onmessage: null, onerror: null, postMessage: (m) => w.postMessage(m), terminate: () => w.terminate() };
    w.on('message', (data) => port.onmessage?.({ data }));
    w.on('error', (e) => port.onerror?.(e));
    return port;
  }
  // Written out in full so that bundlers (Vite, webpack 5) find and emit the worker script.
  return workerUrl ? new Worker(workerUrl, { type: 'module' })
                   : new Worker(new URL('./engine-worker.js', import.meta.url), { type: 'module' });
}

export class EngineWorker {
  #options = {};
  #workerUrl;
  #worker = null;  // a promise of the running worker
  #nextId = 1;
  #pending = new Map();  // id -> {method, args, resolve, reject, cleanup}

  constructor(options = {}) {
    // Only what crosses to a worker: a URL as text, bytes, a compiled module.
    if (options.wasmUrl) this.#options.wasmUrl = String(options.wasmUrl);
    if (options.wasmBinary) this.#options.wasmBinary = options.wasmBinary;
    if (options.wasmModule) this.#options.wasmModule = options.wasmModule;
    this.#workerUrl = options.workerUrl;
  }

  #start() {
    const started = startWorker(this.#workerUrl).then((w) => {
      w.onmessage = ({ data }) => {
        const call = this.#pending.get(data.id);
        if (!call) return;
        this.#pending.delete(data.id);
        call.cleanup?.();
        if ('failed' in data) call.reject(new Error(data.failed));
        else call.resolve(data.answer);
      };
      w.onerror = (e) => {
        if (this.#worker !== started) return;
        const error = new Error(`grapeshot worker failed: ${e?.message ?? e}`);
        for (const call of this.#pending.values()) call.reject(error);
        this.#pending.clear();
        this.#stop();
      };
      return w;
    });
    return started;
  }

  #post(id, call) {
    this.#worker ??= this.#start();
    const options = this.#options;
    this.#worker.then((w) => {
      if (this.#pending.get(id) === call) w.postMessage({ id, method: call.method, args: call.args, options });
    }, (e) => {
      this.#pending.delete(id);
      call.reject(e);
    });
  }

  #stop() {
    const w = this.#worker;
    this.#worker = null;
    w?.then((worker) => worker.terminate(), () => {});
  }

  /** One call: `method` of Engine with `args`; `signal` aborts it (and the worker running it). */
  call(method, args, { signal } = {}) {
    if (!(method in METHODS)) return Promise.reject(new TypeError(`grapeshot worker: no method ${method}`));
    if (signal?.aborted) return Promise.reject(abortError(signal));
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      const call = { method, args, resolve, reject };
      if (signal) {
        const onAbort = () => {
          if (this.#pending.get(id) !== call) return;
          this.#pending.delete(id);
          reject(abortError(signal));
          // The worker may be busy with this very call: stop it, and replay the others on a new one.
          this.#stop();
          for (const [otherId, other] of this.#pending) this.#post(otherId, other);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        call.cleanup = () => signal.removeEventListener('abort', onAbort);
      }
      this.#pending.set(id, call);
      this.#post(id, call);
    });
  }

  /** Stops the worker; calls still pending reject with an AbortError. */
  terminate() {
    for (const call of this.#pending.values()) {
      call.cleanup?.();
      call.reject(abortError());
    }
    this.#pending.clear();
    this.#stop();
  }
}

// resolve(request, {signal}), batch(requests, options, {signal}), rulesets({signal}), …: the Engine
// method's own arguments, then the call options.
for (const [method, arity] of Object.entries(METHODS))
  EngineWorker.prototype[method] = function (...args) {
    const callOptions = args.length > arity ? args.pop() : undefined;
    return this.call(method, args, callOptions ?? {});
  };

/**
 * Starts an engine in a worker. Options: those of createEngine (`wasmUrl`, `wasmBinary`,
 * `wasmModule`) and `workerUrl`, where the worker script (grapeshot/engine-worker) is served when
 * a bundler did not emit it.
 */
export function createEngineWorker(options) {
  return new EngineWorker(options);
}

export default createEngineWorker;
