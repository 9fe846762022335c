// Exact odds off the main thread: enumerating every dice sequence (and once more per modifier for
// the what-if table) can take a noticeable time, which would make typing lag. Each message is one
// job: {job, phase: 'headline' (no what-if table) | 'full', request}; the page terminates the worker
// to cancel a job whose inputs have changed. The page's first message gives the engine's module,
// compiled once on the page ({wasmModule}: the same compiled code, shared, not a second compile).
// A job the worker has already answered (the page asks ahead for a shared link's odds, job -1, while
// it builds its form) is answered again at once.
// The engine from its module given (engine.js, which scripts/build-web.mjs bundles into this file
// with the glue: a worker fetches its imports one wave after another); else the package loads it
// itself and says what went wrong.
import { engineFactory } from './bindings/js/engine.js';

const CATALOGS = { fr: () => import('./dist/grapeshot-core.fr.mjs') };  // as the package's index.js
const fromModule = engineFactory({ catalogs: { load: (lang) => CATALOGS[lang]().then((m) => m.default) } });

let moduleGiven;
const ready = new Promise((resolve) => { moduleGiven = resolve; })
  .then(async (wasmModule) => (wasmModule ? fromModule({ wasmModule }) : (await import('./bindings/js/index.js')).createEngine()));

// The request as text with its keys sorted, so the same inputs match however they were built.
const keyOf = (value) => JSON.stringify(value, (k, v) => (v && typeof v === 'object' && !Array.isArray(v)
  ? Object.fromEntries(Object.keys(v).sort().map((name) => [name, v[name]])) : v));
let answered = null;  // {key, phase, response}: the last answer

self.addEventListener('message', async ({ data }) => {
  if ('wasmModule' in data) return moduleGiven(data.wasmModule);
  const { job, phase, request } = data;
  const key = keyOf(request);
  let response;
  try {
    const engine = await ready;
    // Only English is in the module: another language's catalog is loaded the first time (issue 26).
    if (request.lang && request.lang !== 'en') await engine.loadLanguage(request.lang);
    if (answered?.key === key && answered.phase === phase) response = answered.response;
    else if (typeof engine.odds !== 'function') response = { unavailable: 'web.odds.noOddsEntry' };  // a catalog id: the page words it
    else if (phase !== 'full') response = engine.odds({ ...request, sensitivity: false });
    else {
      // The what-if table tries every modifier, choices included; when that is more work than the
      // engine's budget, the boxes alone. The odds themselves stand either way: a what-if table over
      // the budget comes back as sensitivityError beside them, not as a refusal of the whole answer.
      response = engine.odds({ ...request, sensitivity: 'all' });
      if (response.sensitivityError?.code === 'odds_too_complex') response = engine.odds({ ...request, sensitivity: true });
    }
    answered = { key, phase, response };
  } catch (e) {
    // A wrapper newer than the compiled core (odds() present, the core without its odds entry) lands here too.
    response = { unavailable: e.message };
  }
  self.postMessage({ job, phase, request, response });
});
