// grapeshot — public ES-module API. The same file runs in Node 20 and in browsers; the engine is
// the WebAssembly module built from src/ (dist/grapeshot-core.{mjs,wasm}).
import createGrapeshotCore from '../../dist/grapeshot-core.mjs';

const isNode = typeof process !== 'undefined' && !!process.versions?.node;
const wasmUrl = new URL('../../dist/grapeshot-core.wasm', import.meta.url);

/** A fresh 32-bit seed from the platform's CSPRNG, for requests that bring neither dice nor seed. */
function randomSeed() {
  const a = new Uint32Array(1);
  globalThis.crypto.getRandomValues(a);
  return a[0];
}

function failure(code, message, path = '') {
  return { ok: false, error: { code, message, path } };
}

// JSON text for the engine; values JSON cannot carry (BigInt, cycles) become an error envelope.
function toJson(value) {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { error: failure('invalid_request', 'a request is a JSON object') } : { text };
  } catch (e) {
    return { error: failure('invalid_request', `request cannot be serialised as JSON: ${e.message}`) };
  }
}

export class Engine {
  #core;
  #rulesets;

  constructor(core) {
    this.#core = core;
  }

  /** Engine version. */
  get version() {
    return this.#core.version();
  }

  /** Every ruleset: id, title, procedures with their inputs as JSON Schema, options, tables. */
  rulesets() {
    this.#rulesets ??= JSON.parse(this.#core.rulesetsJson());
    return structuredClone(this.#rulesets);
  }

  /** Resolves one request; never throws for bad input (returns {ok:false, error}). */
  resolve(request) {
    const { text, error } = toJson(request);
    return error ?? JSON.parse(this.#core.resolveJson(text, randomSeed()));
  }

  /** The same, JSON text in and out, for hosts that pass text. */
  resolveJson(text) {
    return this.#core.resolveJson(String(text), randomSeed());
  }

  /** One printed cell of a grid table: {ruleset, table, column, roll, options?} -> {ok, cell}. */
  lookup(request) {
    const { text, error } = toJson(request);
    return error ?? JSON.parse(this.#core.lookupJson(text));
  }

  /** A printed table as transcribed: {ruleset, table} -> {ok, table}. */
  table(request) {
    const { text, error } = toJson(request);
    return error ?? JSON.parse(this.#core.tableJson(text));
  }
}

/**
 * Loads the engine. In Node the .wasm is read from disk (Node's fetch cannot load file: URLs);
 * in browsers it is fetched next to the glue. `options.wasmBinary` overrides both.
 */
export async function createEngine(options = {}) {
  const moduleArgs = {};
  if (options.wasmBinary) moduleArgs.wasmBinary = options.wasmBinary;
  else if (isNode) {
    const { readFile } = await import('node:fs/promises');
    moduleArgs.wasmBinary = await readFile(wasmUrl);
  } else moduleArgs.locateFile = () => wasmUrl.href;
  return new Engine(await createGrapeshotCore(moduleArgs));
}

export default createEngine;
