// grapeshot — the engine API shared by every platform. The engine is the WebAssembly module built
// from src/ (dist/grapeshot-core.{mjs,wasm}); how its bytes are loaded is the platform's entry point:
// index.js (browsers, bundlers, workers: fetch) and index.node.js (Node: the file system).
import createGrapeshotCore from '../../dist/grapeshot-core.mjs';
import { langOf, say } from './words.js';

/** A fresh 256-bit batch seed (64 hex digits) from the platform's CSPRNG, for a batch's items that
 * bring neither dice nor seed (a single resolve draws its own in the core, and only when it needs
 * one). 256 bits: an item's 32-bit seed cannot be searched back to it. */
function randomBatchSeed() {
  const a = new Uint8Array(32);
  globalThis.crypto.getRandomValues(a);
  return Array.from(a, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The engine refuses request text beyond this many bytes (request_too_large), before parsing. */
export const MAX_REQUEST_BYTES = 16 * 1024;
const MAX_BATCH_BYTES = 4 * 1024 * 1024;
const MAX_LOOKUP_PAIRS = 1024 * 1024;  // 8 MiB in, 4 MiB out: call again for more (module memory never shrinks)

// The intrinsic typed-array accessors: an instance's own `length` (or a subclass's) may lie, and
// what is checked must be what is copied (issue 30: a lying length reached the module as 134M pairs).
const TypedArray = Object.getPrototypeOf(Int32Array.prototype);
const typedTag = Object.getOwnPropertyDescriptor(TypedArray, Symbol.toStringTag).get;
const typedLength = Object.getOwnPropertyDescriptor(TypedArray, 'length').get;

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

function failure(code, message, path = '') {
  return { ok: false, error: { code, message, path } };
}

// UTF-8 takes at least one byte per UTF-16 unit: longer text is refused without copying it into the
// module, with the same answer the engine gives (shorter text that encodes longer is refused there).
// Text with a lone surrogate has no UTF-8 form (embind would mangle it into another character).
// `lang`: the language of the error's message (the request's own lang, else the engine's: words.js).
function tooLarge(text, limit = MAX_REQUEST_BYTES, lang = 'en') {
  if (text.length > limit) {
    return { error: failure('request_too_large', say(lang, 'js.requestTooLarge', { limit })) };
  }
  if (!text.isWellFormed()) return { error: failure('parse_error', say(lang, 'js.notUtf8')) };
  return null;
}

// Refuses, without serialising it, a value whose JSON text must exceed `limit` characters (the sum of
// its strings and keys is a lower bound), has an object with more than the engine's 256 keys, or
// nests deeper than its 64 levels (or is cyclic). Iterative, so
// neither a 10 MB string nor 100,000 levels cost more than a walk over the nodes. Subtrees with a
// toJSON are skipped (it may replace them); anything that throws is left to JSON.stringify.
function precheck(value, limit, lang) {
  try {
    let size = 0;
    // Two parallel stacks, not a stack of [value, depth] pairs: a batch of 20,000 requests walks
    // about 100,000 nodes, and an array per node was most of this walk's time.
    const values = [value];
    const depths = [1];
    while (values.length) {
      const v = values.pop();
      const depth = depths.pop();
      if (typeof v === 'string') size += v.length + 2;
      else if (ArrayBuffer.isView(v)) {
        // A typed array serialises as an object keyed "0", "1", …: judged by its length alone (a
        // for-in over it would first list every index).
        const n = v.length ?? v.byteLength;
        if (n > 256) return failure('request_too_large', say(lang, 'js.tooManyKeys'));
        size += n * 4;
      } else if (v !== null && typeof v === 'object' && typeof v.toJSON !== 'function') {
        if (depth > 65) return failure('invalid_request', say(lang, 'js.tooDeep'));
        if (Array.isArray(v)) {
          size += v.length + 1;
          for (let i = 0; i < v.length && size <= limit; i++) {
            values.push(v[i]);
            depths.push(depth + 1);
          }
        } else {
          let n = 0;
          for (const k in v) if (++n > 256) return failure('request_too_large', say(lang, 'js.tooManyKeys'));
          for (const k of Object.keys(v)) {
            size += k.length + 4;
            if (size > limit) break;
            values.push(v[k]);
            depths.push(depth + 1);
          }
        }
      } else size += 1;
      if (size > limit) return failure('request_too_large', say(lang, 'js.requestTooLarge', { limit }));
    }
  } catch {
    // JSON.stringify meets the same problem and reports it
  }
  return null;
}

// JSON text for the engine; values JSON cannot carry (BigInt, cycles) become an error envelope.
function toJson(value, limit = MAX_REQUEST_BYTES, lang = 'en') {
  const refused = precheck(value, limit, lang);
  if (refused) return { error: refused };
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return { error: failure('invalid_request', say(lang, 'js.notAnObject')) };
    return tooLarge(text, limit, lang) ?? { text };
  } catch (e) {
    return { error: failure('invalid_request', say(lang, 'js.notSerialisable', { error: e.message })) };
  }
}

// Runs a public call; whatever a caller passes, an exception becomes an error envelope (the
// wrapper never throws: a getter or toString that throws, null options, a revoked Proxy…).
function guard(fn, lang = 'en') {
  try {
    return fn();
  } catch (e) {
    return failure('invalid_request', say(lang, 'js.unreadable', { error: String(e?.message ?? e).slice(0, 200) }));
  }
}

/** The languages of the engine's texts; English is built into the module, the others are catalogs
 * loaded on demand (dist/grapeshot-core.<lang>.mjs, issue 26). */
export const LANGS = ['en', 'fr'];

// A programming error, said in `sayIn` (the engine's language: createEngine's lang).
function checkLang(lang, where, sayIn = 'en') {
  if (!LANGS.includes(lang)) throw new RangeError(say(sayIn, 'js.lang', { where, lang: JSON.stringify(String(lang)).slice(0, 40) }));
}

// A response that refused a request for a language whose catalog is not loaded yet.
const refusedLang = (text) => text.startsWith('{"ok":false') && text.includes('"code":"lang_not_loaded"');

export class Engine {
  #core;
  #rulesets;
  #lang;  // the language of the wrapper's own errors when a request says none (createEngine's lang)
  #catalogs;  // {load(lang): Promise<string>, loadSync?(lang): string}: a catalog's bytes, a character each
  #langs = new Set(['en']);  // loaded

  constructor(core, catalogs = {}, lang = 'en') {
    this.#core = core;
    this.#catalogs = catalogs;
    this.#lang = lang;
  }

  /**
   * Loads the catalog of `lang` ('fr'): its sentences and the rulesets' forms, left out of the module
   * so that a page in English downloads no French (issue 26). Browsers: before a request or rulesets()
   * in that language (createEngine({ langs }) does it); Node loads it by itself the first time.
   */
  async loadLanguage(lang) {
    checkLang(lang, 'loadLanguage', this.#lang);
    if (this.#langs.has(lang)) return;
    const text = await this.#catalogs.load(lang);
    this.#install(lang, text);
  }

  /** The languages this engine answers in now (English, and each catalog loaded). */
  get languages() {
    return LANGS.filter((lang) => this.#langs.has(lang));
  }

  #install(lang, text) {
    if (this.#langs.has(lang)) return;
    const core = this.#core;
    const at = core.requestBuffer(text.length);
    if (!at) throw new Error(say(this.#lang, 'js.catalogNoMemory', { lang }));
    const heap = core.HEAPU8;
    for (let i = 0; i < text.length; i++) heap[at + i] = text.charCodeAt(i);
    const why = core.loadCatalog(text.length);
    if (why) throw new Error(say(this.#lang, 'js.catalogRefused', { lang, why }));
    this.#langs.add(lang);
    // The engine's language, loaded: what is said before a request's lang is known (text that does
    // not parse) is said in it.
    if (lang === this.#lang) core.setDefaultLang(lang);
  }

  // Where catalogs can be read synchronously (Node), every missing one, so that a request in any
  // language is answered; false where they cannot (browsers: loadLanguage first).
  #loadMissing() {
    if (!this.#catalogs.loadSync) return false;
    try {
      for (const lang of LANGS) if (!this.#langs.has(lang)) this.#install(lang, this.#catalogs.loadSync(lang));
    } catch {
      return false;  // the refusal stands (loadLanguage says why)
    }
    return true;
  }

  /** Memory of the WebAssembly instance, for hosts watching long-running pages. */
  memory() {
    return { wasmBytes: this.#core.HEAP8.buffer.byteLength };
  }

  // Calls one of the core's text entry points: the request text is encoded straight into the module's
  // memory and the response decoded from it, one native pass each way (embind's std::string
  // conversions copy and scan byte by byte in JS: a sixth of an untraced resolve). The text is well
  // formed (tooLarge refused lone surrogates), so its UTF-8 is lossless: as many bytes as UTF-16
  // units when it is ASCII, at most three times as many otherwise.
  #call(entry, text, ...args) {
    const answer = this.#callOnce(entry, text, ...args);
    // Checked only until every language is loaded.
    if (this.#langs.size < LANGS.length && (entry === 'batch' ? answer.includes('"code":"lang_not_loaded"') : refusedLang(answer)) &&
        this.#loadMissing()) return this.#callOnce(entry, text, ...args);
    return answer;
  }

  #callOnce(entry, text, ...args) {
    const core = this.#core;
    let { read, written } = this.#encode(text, text.length);
    if (read < text.length) ({ written } = this.#encode(text, text.length * 3));
    if (written < 0) return JSON.stringify(failure('request_too_large', say(this.#lang, 'js.noMemory')));
    const length = core[entry](written, ...args);
    const at = core.responseData();
    return utf8Decoder.decode(core.HEAPU8.subarray(at, at + length));  // HEAPU8 read after the call: memory may have grown
  }

  #encode(text, capacity) {
    const core = this.#core;
    const at = core.requestBuffer(capacity);
    if (!at && capacity) return { read: text.length, written: -1 };
    return utf8.encodeInto(text, core.HEAPU8.subarray(at, at + capacity));
  }

  /** Engine version. */
  get version() {
    return this.#core.version();
  }

  /** Every ruleset: id, title, procedures with their inputs as JSON Schema, options, tables; their
   * texts (titles, descriptions, enum labels, headline labels, rulings) in `lang`, 'en' (default) or
   * 'fr'. Any other lang throws a RangeError (a programming error, not a player's input). */
  rulesets(options) {
    const lang = options?.lang ?? 'en';
    checkLang(lang, 'rulesets', this.#lang);
    if (!this.#langs.has(lang) && !this.#loadMissing()) {
      throw new Error(say(this.#lang, 'js.catalogNotLoaded', { lang }));
    }
    this.#rulesets ??= {};
    this.#rulesets[lang] ??= JSON.parse(this.#core.rulesetsJson(lang));
    return structuredClone(this.#rulesets[lang]);
  }

  /** Resolves one request; never throws for bad input (returns {ok:false, error}). */
  resolve(request) {
    const lang = langOf(request, this.#lang);
    return guard(() => {
      const { text, error } = toJson(request, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('resolve', text));
    }, lang);
  }

  /** The same, JSON text in and out, for hosts that pass text. */
  resolveJson(text) {
    let s;
    try {
      s = String(text);
    } catch (e) {
      return JSON.stringify(failure('invalid_request', say(this.#lang, 'js.textUnreadable', { error: String(e?.message ?? e).slice(0, 200) })));
    }
    const big = tooLarge(s, MAX_REQUEST_BYTES, this.#lang);
    return big ? JSON.stringify(big.error) : this.#call('resolve', s);
  }

  /**
   * Re-derives a receipt's rolls and result: {ok: true, valid, diceSource, problems: [{code, path,
   * message}]}. `{requireCommitReveal: true}`: only dice from commit–reveal are valid.
   */
  verify(receipt, options) {
    const lang = langOf(receipt?.request, this.#lang);
    return guard(() => {
      // A requirement given as anything but a boolean ('true', 1) is refused: read as false it would
      // silently require nothing.
      if (options !== undefined && options !== null && typeof options !== 'object') {
        return failure('wrong_type', say(lang, 'js.verifyOptions', { shape: '{requireCommitReveal?: boolean}' }), '');
      }
      const require = options?.requireCommitReveal;
      if (require !== undefined && typeof require !== 'boolean') {
        return failure('wrong_type', say(lang, 'js.requireCommitReveal'), '/requireCommitReveal');
      }
      const { text, error } = toJson(receipt, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('verify', text, require === true));
    }, lang);
  }

  /**
   * The canonical form of a request and its SHA-256 (hex): what commit–reveal binds the seed to, so
   * both players can check they agree before revealing ({ok: true, canonical, hash}).
   */
  canonical(request) {
    const lang = langOf(request, this.#lang);
    return guard(() => {
      const { text, error } = toJson(request, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('canonical', text));
    }, lang);
  }

  /** One printed cell of a grid table: {ruleset, table, column, roll, options?} -> {ok, cell}. */
  lookup(request) {
    const lang = langOf(request, this.#lang);
    return guard(() => {
      const { text, error } = toJson(request, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('lookup', text));
    }, lang);
  }

  /**
   * Exact odds of a request (dice/seed ignored): every outcome's probability as a reduced fraction
   * and a number, expectations, and each boolean input's effect when flipped (sensitivity).
   */
  odds(request) {
    const lang = langOf(request, this.#lang);
    return guard(() => {
      const { text, error } = toJson(request, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('odds', text));
    }, lang);
  }

  /** Many requests in one call: {call: 'resolve' | 'odds' | 'lookup'}; responses as one-by-one. */
  batch(requests, options) {
    const lang = this.#lang;
    return guard(() => {
      if (!Array.isArray(requests)) return failure('invalid_request', say(lang, 'js.batchNotArray'));
      const call = options?.call ?? 'resolve';
      if (typeof call !== 'string') return failure('invalid_value', say(lang, 'js.batchCall'), '/call');
      const { text, error } = toJson(requests, MAX_BATCH_BYTES, lang);
      return error ?? JSON.parse(this.#call('batch', text, call, randomBatchSeed()));
    }, lang);
  }

  /**
   * Many lookups of one grid table at machine speed, for bots: `header` {ruleset, table, options?,
   * side?} and `pairs`, an Int32Array of (column, roll) pairs -> {ok: true, cells, codes}, `codes` an
   * Int32Array with, for each pair, the index of its cell in `cells` (a printed blank is ""), or -1
   * for a column not on the table. Rolls beyond the printed rows read the end rows, as lookup() does.
   */
  lookupCodes(header, pairs) {
    const lang = langOf(header, this.#lang);
    return guard(() => {
      if (typedTag.call(pairs) !== 'Int32Array') return failure('wrong_type', say(lang, 'js.pairsType'), '/pairs');
      const n = typedLength.call(pairs);  // read once, by the intrinsic getter
      if (n % 2) return failure('invalid_value', say(lang, 'js.pairsOdd'), '/pairs');
      if (n > MAX_LOOKUP_PAIRS * 2) return failure('request_too_large', say(lang, 'js.pairsTooMany', { max: MAX_LOOKUP_PAIRS }), '/pairs');
      // Copied into an array of our own within the checked bound (set() reads the source's real
      // length, and throws on a detached buffer, which reads as length 0); the module gets the copy.
      const copy = new Int32Array(n);
      try {
        copy.set(pairs);
      } catch {
        return failure('invalid_value', say(lang, 'js.pairsDetached'), '/pairs');
      }
      const { text, error } = toJson(header, MAX_REQUEST_BYTES, lang);
      if (error) return error;
      const out = this.#core.lookupCodes(text, copy, n);
      const answer = JSON.parse(out.json);
      return answer.ok ? { ...answer, codes: out.codes } : answer;
    }, lang);
  }

  /** A printed table as transcribed: {ruleset, table} -> {ok, table}. */
  table(request) {
    const lang = langOf(request, this.#lang);
    return guard(() => {
      const { text, error } = toJson(request, MAX_REQUEST_BYTES, lang);
      return error ?? JSON.parse(this.#call('table', text));
    }, lang);
  }
}

// Compiled modules by platform (its `loadBytes`), shared by every createEngine() and compileEngine()
// call (each engine still gets its own instance and memory).
const compiled = new WeakMap();

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d];  // "\0asm": the first 4 bytes of every WebAssembly module

// The first bytes of what came back, as text a person recognises ("<!doctype html>…", "Not Found").
function opening(bytes) {
  const text = new TextDecoder().decode(bytes.subarray(0, 80)).replace(/[\x00-\x1f\x7f\ufffd]+/g, ' ').trim();
  return text ? `"${text}${bytes.length > 80 ? '…' : ''}"` : `${bytes.length} bytes`;
}

const isWasm = (bytes) => bytes.length >= 4 && WASM_MAGIC.every((b, i) => bytes[i] === b);

/**
 * The base a relative `wasmUrl` is resolved against in browsers and bundles: the script that imports
 * grapeshot (`moduleUrl`, its import.meta.url: the bundle, where a bundler's asset URL such as
 * esbuild's `--loader:.wasm=file` "./grapeshot-core-HASH.wasm" is relative to), as
 * `new URL(…, import.meta.url)` is; else the page (iife bundles have no import.meta.url). A module URL
 * the page cannot fetch from is no base: webpack writes the source file's file: URL into import.meta.url.
 */
export function scriptBase(moduleUrl) {
  const page = globalThis.location?.href;
  try {
    if (moduleUrl && (!page || new URL(moduleUrl).protocol === new URL(page).protocol)) return moduleUrl;
  } catch {
    // not a URL (a bundler's placeholder): the page
  }
  return page;
}

/**
 * How one platform loads the engine's module:
 * - `loadBytes(url)` reads the .wasm: {bytes, type} (fetch in browsers, the file system in Node), `type`
 *   the Content-Type it came with ('' for a file); or {response}, a fetch Response served as
 *   application/wasm, which is compiled while it downloads (WebAssembly.compileStreaming);
 * - `defaultUrl()` locates the package's own grapeshot-core.wasm (a function, so a bundle without
 *   import.meta, esbuild's iife output, fails only if it needs the default);
 * - `wasmUrl(value)` makes a URL of the `wasmUrl` option (relative to the script in browsers, to the
 *   working directory in Node);
 * - `hint`: the id (words.js) of what every load failure ends with, the platform's fixes;
 * - `catalogs`: {load(lang)} (and where it can, {loadSync(lang)}), the bytes of the catalog of a
 *   language the module is built without, one character each, from dist/grapeshot-core.<lang>.mjs
 *   (the same promise for the same language: createEngine starts it early).
 * compileEngine(options): the compiled WebAssembly.Module createEngine(options) instantiates (the
 * package's own, by default, compiled once per platform and shared), for a page that hands it to its
 * workers.
 */
export function moduleFactory(platform) {
  const { loadBytes, defaultUrl, wasmUrl, hint } = platform;
  // `hint`: the id of the platform's fixes (words.js), said after every load failure in `lang`.
  const fixes = (lang) => say(lang, hint, { wasmUrl: '{ wasmUrl }', wasmBinary: '{ wasmBinary }', wasmModule: '{ wasmModule }' });
  const locate = (lang = 'en') => {
    try {
      return defaultUrl();
    } catch (e) {
      throw new Error(say(lang, 'js.cannotLocate', { error: e.message, hint: fixes(lang) }));
    }
  };
  const cannotCompile = (url, e, lang) => new Error(say(lang, 'js.doesNotCompile', { url: url.href, error: e.message, hint: fixes(lang) }));
  const load = async (url, lang = 'en') => {
    let answer;
    try {
      answer = await loadBytes(url, lang);
    } catch (e) {
      throw new Error(say(lang, 'js.cannotLoad', { url: url.href, error: e.message, hint: fixes(lang) }));
    }
    if (answer.response) {
      // Compiled as it downloads: the compile is over about when the last byte arrives.
      try {
        return await WebAssembly.compileStreaming(answer.response);
      } catch (e) {
        throw cannotCompile(url, e, lang);
      }
    }
    const bytes = new Uint8Array(answer.bytes);
    // An SPA's fallback (index.html for every path) or a CDN's error page is answered 200: said
    // in words here, not as the compiler's "expected magic word 00 61 73 6d, found 3c 21 64 6f".
    if (!isWasm(bytes)) {
      throw new Error(say(lang, answer.type ? 'js.notWasmTyped' : 'js.notWasm',
        { url: url.href, type: answer.type, opening: opening(bytes), hint: fixes(lang) }));
    }
    try {
      return await WebAssembly.compile(bytes);
    } catch (e) {
      throw cannotCompile(url, e, lang);
    }
  };
  async function compileEngine(options = {}) {
    // The language of the wrapper's own errors (load failures).
    const lang = options.lang === 'fr' ? 'fr' : 'en';
    if (options.wasmModule) return options.wasmModule;
    if (options.wasmBinary) {
      const bytes = ArrayBuffer.isView(options.wasmBinary)
        ? new Uint8Array(options.wasmBinary.buffer, options.wasmBinary.byteOffset, options.wasmBinary.byteLength)
        : new Uint8Array(options.wasmBinary);
      if (!isWasm(bytes)) throw new Error(say(lang, 'js.binaryNotWasm', { opening: opening(bytes) }));
      return WebAssembly.compile(bytes);
    }
    if (options.wasmUrl) return load(wasmUrl(options.wasmUrl, () => locate(lang)), lang);
    if (!compiled.has(loadBytes)) compiled.set(loadBytes, load(locate(lang), lang));
    try {
      return await compiled.get(loadBytes);
    } catch (e) {
      compiled.delete(loadBytes);  // let a later call try again
      throw e;
    }
  }
  return compileEngine;
}

/** createEngine() for one platform (see moduleFactory). */
export function engineFactory(platform) {
  const compileEngine = moduleFactory(platform);
  return async function createEngine(options = {}) {
    // The catalogs asked for are fetched while the module compiles.
    const langs = options.langs ?? [];
    const sayIn = options.lang === 'fr' ? 'fr' : 'en';  // the engine's language, for its own errors
    if (!Array.isArray(langs)) throw new TypeError(say(sayIn, 'js.langsNotArray'));
    for (const lang of langs) checkLang(lang, 'createEngine', sayIn);
    for (const lang of langs) if (lang !== 'en') platform.catalogs.load(lang).catch(() => {});  // loadLanguage reports it
    const module = await compileEngine(options);
    // Emscripten's hook for a module the host instantiates itself.
    const instantiateWasm = (imports, done) => {
      WebAssembly.instantiate(module, imports).then((instance) => done(instance, module));
      return {};
    };
    // locateFile: the glue then never builds its own URL from import.meta.url (absent in iife bundles).
    const engine = new Engine(await createGrapeshotCore({ instantiateWasm, locateFile: (file) => file }), platform.catalogs, sayIn);
    for (const lang of langs) await engine.loadLanguage(lang);
    // Where catalogs are at hand (Node), the engine's own language is loaded too, so that errors said
    // before a request's lang is known are in it; a browser loads what `langs` names.
    if (sayIn !== 'en' && platform.catalogs.loadSync && !engine.languages.includes(sayIn)) await engine.loadLanguage(sayIn).catch(() => {});
    return engine;
  };
}
