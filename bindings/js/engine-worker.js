// The worker side of grapeshot/worker: one engine, answering {id, method, args} with {id, answer}
// (or {id, failed}: only createEngine can fail, e.g. when the .wasm cannot be loaded). Runs as a
// module Web Worker in browsers and as a worker thread in Node.
import { createEngine } from './index.js';

const METHODS = new Set(['resolve', 'odds', 'lookup', 'batch', 'table', 'verify', 'canonical', 'rulesets', 'lookupCodes']);

async function channel() {
  if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope)
    return { post: (m) => self.postMessage(m), listen: (f) => self.addEventListener('message', (e) => f(e.data)) };
  const name = 'node:worker_threads';  // computed: bundlers for the browser never follow it
  const { parentPort } = await import(/* @vite-ignore */ name);
  return { post: (m) => parentPort.postMessage(m), listen: (f) => parentPort.on('message', f) };
}

const port = await channel();
let engine = null;
port.listen(async ({ id, method, args, options }) => {
  try {
    if (!METHODS.has(method)) throw new Error(`grapeshot worker: no method ${method}`);
    engine ??= createEngine(options);
    const e = await engine;
    port.post({ id, answer: e[method](...args) });
  } catch (error) {
    engine = null;
    port.post({ id, failed: String(error?.message ?? error) });
  }
});
