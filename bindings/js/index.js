// grapeshot for browsers, bundlers and workers (the exports map's `browser` and `default`
// conditions): the .wasm is fetched. The literal `new URL('…', import.meta.url)` is the pattern Vite,
// webpack 5 and Parcel follow to copy the file and rewrite the URL; esbuild leaves it alone (see
// LOAD_HINT). No `node:` import anywhere in this graph, so no bundler needs a polyfill.
import { engineFactory } from './engine.js';

export { Engine, MAX_REQUEST_BYTES } from './engine.js';
export { commitSeed, deriveSeed, newSecret, checkCommitment, checkContext, sha256Hex } from './commit-reveal.js';
export * from './gamelog.js';  // the game log (docs/game-log.md)

async function fetchBytes(url) {
  // Node's fetch cannot read files: Node gets index.node.js through the package name instead.
  if (url.protocol === 'file:') throw new Error("a file: URL cannot be fetched (in Node, import 'grapeshot' by its package name)");
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

/**
 * Loads the engine. Options (all optional): `wasmModule` (a compiled WebAssembly.Module),
 * `wasmBinary` (its bytes), `wasmUrl` (where to fetch it, relative to the page); by default the
 * grapeshot-core.wasm the package ships, compiled once and shared.
 */
export const createEngine = engineFactory(fetchBytes, () => new URL('../../dist/grapeshot-core.wasm', import.meta.url));
export default createEngine;
