// The first script the page runs (index.html loads it async, with no imports, before main.mjs's
// scripts have all arrived): it starts compiling the engine's module and the odds worker, and asks
// the worker for a shared link's odds, so that they are counted while the page loads and builds its
// form (issue 26: the first odds of a shared link). main.mjs takes the module and the worker over.

// The engine's module, compiled while it downloads (index.html preloads it); null where the browser
// cannot stream, and a rejection for anything that is not WebAssembly: main.mjs then loads it through
// the package (compileEngine), which says what went wrong.
export const engineModule = typeof WebAssembly.compileStreaming === 'function'
  ? WebAssembly.compileStreaming(fetch(new URL('./dist/grapeshot-core.wasm', import.meta.url))) : null;
engineModule?.catch(() => { /* main.mjs loads it again and reports */ });

const first = new Worker(new URL('./odds-worker.mjs', import.meta.url), { type: 'module' });
let worker = first;
// The worker's first message is the module it instantiates (null: it loads its own).
(engineModule ?? Promise.reject()).then((wasmModule) => first.postMessage({ wasmModule }), () => first.postMessage({ wasmModule: null }));

/** {lang: the fetch of rulesets.<lang>.json}, begun here for a shared link's language. */
export const described = new Map();

/** The worker started here, once (main.mjs starts the next ones itself). */
export function takeOddsWorker() {
  const w = worker;
  worker = null;
  return w;
}

/** The odds request of a shared link's state ({ruleset, procedure, inputs, options?}) in `lang`, or
 * null for a state that is not one (main.mjs asks with it too when this script could not). */
export function linkOddsRequest(state, lang) {
  if (typeof state?.ruleset !== 'string' || typeof state.procedure !== 'string' || !state.inputs || typeof state.inputs !== 'object') return null;
  const options = state.options && typeof state.options === 'object' && Object.keys(state.options).length ? { options: state.options } : {};
  return { ruleset: state.ruleset, procedure: state.procedure, ...options, ...state.inputs, lang };
}

// A shared link (#s=, base64url JSON, main.mjs writeHash) carries its request and its language: its
// headline odds are asked now (job -1: the page does not show this answer; the worker answers the
// page's own request for the same inputs from it).
export const askedAhead = (() => {
  try {
    const m = /^#s=([A-Za-z0-9_-]+)$/.exec(location.hash);
    if (!m) return false;
    const state = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(m[1].replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))));
    const request = typeof state?.lang === 'string' ? linkOddsRequest(state, state.lang) : null;
    if (!request) return false;
    first.postMessage({ job: -1, phase: 'headline', request });
    // The form's description in the link's language (main.mjs describedAhead) is fetched now too.
    if (/^[a-z]{2}$/.test(state.lang)) {
      const answer = fetch(new URL(`./rulesets.${state.lang}.json`, import.meta.url));
      answer.catch(() => { /* main.mjs asks the engine instead */ });
      described.set(state.lang, answer);
    }
    return true;
  } catch {
    return false;
  }
})();
