// grapeshot for Node (the exports map's `node` condition): the .wasm is read from the file system,
// since Node's fetch cannot load file: URLs. Bundlers building for browsers never see this file.
import { readFile } from 'node:fs/promises';
import { engineFactory } from './engine.js';

export { Engine, MAX_REQUEST_BYTES } from './engine.js';
export { commitSeed, deriveSeed, newSecret, checkCommitment, checkContext, sha256Hex } from './commit-reveal.js';
export * from './gamelog.js';  // the game log (docs/game-log.md)

async function readBytes(url) {
  if (url.protocol === 'file:') return readFile(url);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Loads the engine; the same options as in browsers (see index.js). */
export const createEngine = engineFactory(readBytes, () => new URL('../../dist/grapeshot-core.wasm', import.meta.url));
export default createEngine;
