// grapeshot for browsers, bundlers and workers (the exports map's `browser` and `default`
// conditions): the .wasm is fetched. The literal `new URL('…', import.meta.url)` is the pattern Vite,
// webpack 5 and Parcel follow to copy the file and rewrite the URL; esbuild and Rollup leave it alone
// (see HINT). No `node:` import anywhere in this graph, so no bundler needs a polyfill.
import { engineFactory, moduleFactory, scriptBase } from './engine.js';
import { say } from './words.js';

export { Engine, MAX_REQUEST_BYTES } from './engine.js';
export { commitSeed, deriveSeed, newSecret, checkCommitment, checkContext, sha256Hex } from './commit-reveal.js';
export * from './gamelog.js';  // the game log (docs/game-log.md)

async function fetchBytes(url, lang) {
  // Node's fetch cannot read files: Node gets index.node.js through the package name instead.
  if (url.protocol === 'file:') throw new Error(say(lang, 'js.fileUrl'));
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  const type = response.headers.get('content-type') ?? '';
  // Served as WebAssembly: compiled while it downloads. Anything else is read whole, so that an HTML
  // page where the .wasm belongs is said in words.
  if (typeof WebAssembly.compileStreaming === 'function' && /^application\/wasm\s*(;|$)/i.test(type)) return { response };
  return { bytes: await response.arrayBuffer(), type };
}

// The fixes every load failure ends with (words.js js.hintBrowser): serve the .wasm, or pass wasmUrl,
// wasmBinary or wasmModule (esbuild and Rollup do not copy the file).
const HINT = 'js.hintBrowser';

// The catalogs of the languages the module is built without (issue 26), imported the first time a
// caller wants one: a literal import() is what bundlers split off as a chunk of its own.
const CATALOGS = { fr: () => import('../../dist/grapeshot-core.fr.mjs') };
const catalogs = new Map();

const platform = {
  catalogs: {
    load(lang) {
      if (!catalogs.has(lang)) {
        catalogs.set(lang, CATALOGS[lang]().then((m) => m.default, (e) => {
          catalogs.delete(lang);  // a later call tries again
          throw new Error(`grapeshot: cannot load the ${lang} catalog (grapeshot-core.${lang}.mjs beside grapeshot-core.mjs): ${e.message}`);
        }));
      }
      return catalogs.get(lang);
    },
  },
  loadBytes: fetchBytes,
  defaultUrl: () => new URL('../../dist/grapeshot-core.wasm', import.meta.url),
  wasmUrl: (value, locate) => new URL(value, scriptBase(import.meta.url) ?? locate()),
  hint: HINT,
};

/**
 * Loads the engine. Options (all optional): `wasmModule` (a compiled WebAssembly.Module),
 * `wasmBinary` (its bytes), `wasmUrl` (where to fetch it: a relative URL is resolved against the
 * script that imports grapeshot, as bundlers' asset URLs are; else the page); by default the
 * grapeshot-core.wasm the package ships, compiled once (while it downloads) and shared.
 * Pure: a bundle that uses only commitSeed or the game log drops the engine and its glue (issue 29).
 */
export const createEngine = /* @__PURE__ */ engineFactory(platform);
/** The compiled WebAssembly.Module createEngine(options) instantiates, the same options: a page
 * starts it early and hands it to its workers ({ wasmModule }), so the module is compiled once. */
export const compileEngine = /* @__PURE__ */ moduleFactory(platform);
export default createEngine;
