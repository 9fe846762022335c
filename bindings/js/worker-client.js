// The main-thread side of createEngineWorker, shared by browsers and Node: every engine call is a
// message to a worker that owns an engine; an AbortSignal terminates that worker (the only way to
// stop odds running inside WebAssembly) and the next call starts a new one.
import { verifyGameLog } from './gamelog.js';
import { langOf, say } from './words.js';

const METHODS = ['resolve', 'resolveJson', 'odds', 'lookup', 'lookupCodes', 'table', 'verify', 'canonical', 'rulesets', 'memory', 'version', 'verifyGameLog'];

/** The error a call rejects with when its signal aborts (a DOMException named AbortError where there is one). */
function abortError(signal, lang = 'en') {
  if (signal?.reason instanceof Error) return signal.reason;
  try {
    return new DOMException(say(lang, 'js.aborted'), 'AbortError');
  } catch {
    return Object.assign(new Error(say(lang, 'js.aborted')), { name: 'AbortError' });
  }
}

/**
 * `spawn()` starts a worker and returns {post(message), terminate(), busy?(), idle?()}, calling
 * `onMessage(data)` and `onFailure(error)`; `init` is what the worker's engine is created with.
 */
export function engineWorkerClient(spawn, init) {
  let worker = null;
  let nextId = 1;
  const pending = new Map();  // id -> {message, resolve, reject, cleanup}

  const start = () => {
    const w = spawn({
      onMessage: (data) => {
        const call = pending.get(data.id);
        if (!call || worker !== w) return;
        pending.delete(data.id);
        call.cleanup();
        if (!pending.size) w.idle?.();
        if ('error' in data) call.reject(Object.assign(new Error(data.error.message), { name: data.error.name }));
        else call.resolve(data.result);
      },
      // The worker could not start or died (its script or the .wasm failed to load): every call on it
      // fails with the reason, and the next call tries a new worker.
      onFailure: (error) => {
        if (worker !== w) return;
        worker = null;
        w.terminate();
        for (const [id, call] of pending) {
          pending.delete(id);
          call.cleanup();
          call.reject(error);
        }
      },
    });
    w.post({ init });
    return w;
  };

  // The language of the wrapper's own words for a call: its request's lang, else createEngine's.
  const langFor = (args) => langOf(args[0], init?.lang === 'fr' ? 'fr' : 'en');
  const call = (method, args, signal) => new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal, langFor(args)));
    const id = nextId++;
    const message = { id, method, args };
    const onAbort = () => {
      pending.delete(id);
      reject(abortError(signal, langFor(args)));
      // A worker busy in WebAssembly cannot be interrupted: end it, and send the calls still
      // waiting on it to a fresh one (they lose only their place in the queue).
      worker?.terminate();
      worker = null;
      if (pending.size) {
        worker = start();
        worker.busy?.();
        for (const other of pending.values()) worker.post(other.message);
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    pending.set(id, { message, resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) });
    worker ??= start();
    try {
      worker.post(message);
    } catch (e) {
      // Not cloneable (a function, a Proxy…): answered like any bad input, as the engine would.
      pending.delete(id);
      signal?.removeEventListener('abort', onAbort);
      return resolve({ ok: false, error: { code: 'invalid_request', message: say(langFor(args), 'js.notSent', { error: String(e?.message ?? e).slice(0, 200) }), path: '' } });
    }
    worker.busy?.();
  });

  const api = {};
  for (const method of METHODS) {
    api[method] = (...args) => {
      // The last argument may carry {signal} (and batch's call, verify's requireCommitReveal).
      const arity = { rulesets: 0, memory: 0, version: 0, lookupCodes: 2 }[method] ?? 1;
      const opts = args[arity];
      const { signal, ...rest } = opts ?? {};
      const callArgs = args.slice(0, arity);
      // Options that are not an object go to the engine as they are, which refuses them (verify).
      if (opts !== undefined && opts !== null && typeof opts !== 'object') callArgs.push(opts);
      else if (Object.keys(rest).length) callArgs.push(rest);
      return call(method, callArgs, signal);
    };
  }
  api.batch = (requests, options) => {
    const { signal, ...rest } = options ?? {};
    return call('batch', [requests, rest], signal);
  };
  /** Ends the worker now; calls waiting on it reject, a later call starts a new one. */
  api.terminate = () => {
    const w = worker;
    worker = null;
    w?.terminate();
    for (const [id, c] of pending) {
      pending.delete(id);
      c.cleanup();
      c.reject(abortError(undefined));
    }
  };
  return api;
}

// The language an answer was refused for because its catalog is not loaded (lang_not_loaded), or null.
function refusedLanguage(value) {
  if (typeof value === 'string') {
    if (!value.startsWith('{"ok":false') || !value.includes('"lang_not_loaded"')) return null;
    value = JSON.parse(value);
  }
  const refused = Array.isArray(value) ? value.find((v) => v?.error?.code === 'lang_not_loaded') : value;
  return refused?.error?.code === 'lang_not_loaded' ? refused.error.messages?.message?.params?.lang ?? 'fr' : null;
}

/** The worker side: answers engine calls posted by engineWorkerClient. */
export function serveEngineOn(port, createEngine, defaults = {}) {
  let engine = null;
  port.onMessage(async (data) => {
    if (data.init) {
      engine = createEngine({ ...defaults, ...data.init });
      engine.catch(() => {});  // reported with the first call
      return;
    }
    const { id, method, args } = data;
    try {
      const e = await (engine ??= createEngine(defaults));
      // verifyGameLog is the game log's (gamelog.js), run on this worker's engine: a long log's
      // re-resolution stays off the page's thread.
      const run = () => (method === 'version' ? e.version : method === 'verifyGameLog' ? verifyGameLog(e, ...args) : e[method](...args));
      // A language's catalog is loaded the first time a call wants it (issue 26), then the call runs again.
      if (method === 'rulesets' && args[0]?.lang) await e.loadLanguage?.(args[0].lang).catch(() => {});
      let value = run();
      const lang = refusedLanguage(value);
      if (lang && e.loadLanguage) {
        await e.loadLanguage(lang).catch(() => {});  // if it fails, the refusal stands
        value = run();
      }
      port.post({ id, result: value });
    } catch (error) {
      port.post({ id, error: { name: error?.name ?? 'Error', message: String(error?.message ?? error) } });
    }
  });
}
