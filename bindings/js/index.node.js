// grapeshot for Node (the exports map's `node` condition): the .wasm is read from the file system,
// since Node's fetch cannot load file: URLs. Bundlers building for browsers never see this file.
import { readFile } from 'node:fs/promises';
import { engineFactory } from './engine.js';
import { nodeWasmUrl } from './wasm-url.node.js';

export { Engine, MAX_REQUEST_BYTES } from './engine.js';
export { commitSeed, deriveSeed, newSecret, checkCommitment, checkContext, sha256Hex } from './commit-reveal.js';
export * from './gamelog.js';  // the game log (docs/game-log.md)

async function readBytes(url) {
  if (url.protocol === 'file:') return { bytes: await readFile(url), type: '' };
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  return { bytes: await response.arrayBuffer(), type: response.headers.get('content-type') ?? '' };
}

/** Loads the engine; the same options as in browsers (see index.js), `wasmUrl` a URL or a file path. */
export const createEngine = /* @__PURE__ */ engineFactory({
  loadBytes: readBytes,
  defaultUrl: () => new URL('../../dist/grapeshot-core.wasm', import.meta.url),
  wasmUrl: nodeWasmUrl,
  hint: 'js.hintNode',  // words.js: pass wasmUrl (a file path or URL), wasmBinary or wasmModule
});
export default createEngine;
