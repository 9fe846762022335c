// Public API of grapeshot (bindings/js/index.js in browsers, index.node.js in Node). The request
// types per ruleset × procedure are generated from the rulesets' schemas (generated.d.ts).
import type {
  ErrorCode, GridTablesByRuleset, MessageId, OptionsByRuleset, ProcedureNames, ProcedureRequest, ResultsByRuleset, RulesetId,
  TablesByRuleset, TalliesByRuleset, TraceStep,
} from './generated.js';

export type * from './generated.js';
/** The game log (docs/game-log.md). */
export * from './gamelog.js';

/** A JSON Pointer (RFC 6901) to the offending input, "" for the whole request. */
export type JsonPointer = string;

/**
 * A sentence as data: the id of the engine's message catalog (src/messages/en.json) and its named
 * parameters, to render or translate it in a host. The rendered text stands beside it.
 */
export interface Message {
  id: MessageId;
  params: Record<string, string | number | boolean | null>;
}

export interface EngineError {
  /** Stable code, e.g. "missing_field", "wrong_type", "out_of_range", "unknown_ruleset" (see README). */
  code: ErrorCode;
  /** What is wrong, in English. */
  message: string;
  path: JsonPointer;
  /** The message as data, when it is a sentence of the catalog (`messages.message.id`, `params`). */
  messages?: { message: Message };
}

export interface Failure {
  ok: false;
  error: EngineError;
}

export interface Roll {
  die: 'd6' | 'd10';
  natural: number;
  purpose: string;
}


/**
 * A request, checked at compile time: `ruleset` and `procedure` (or an alias) select the inputs,
 * typed from the procedure's JSON Schema (enums as string literals, required vs optional, no
 * unknown keys), and `options` the ruleset's options. Untyped data (e.g. parsed from JSON) can be
 * passed as `resolve(data as Request)` — the engine validates every request anyway — or to resolveJson.
 */
export type Request = ProcedureRequest;

/** A request as data (e.g. inside a receipt): any ruleset, procedure and inputs. */
export interface UntypedRequest {
  ruleset: string;
  procedure: string;
  options?: Record<string, unknown>;
  /** Natural rolls, consumed in order (physical dice or the host's own roller). */
  dice?: number[];
  /** 0..2^32-1; with neither dice nor seed a seed is drawn from crypto.getRandomValues. */
  seed?: number;
  /** The seed from two players' revealed secrets (see commitSeed/deriveSeed); instead of dice or seed. */
  commitReveal?: CommitReveal;
  /** Adds a roll receipt to the response (see Engine.verify). */
  receipt?: boolean;
  /** false: no explanation steps are built and the response has no `trace` (default true). */
  trace?: boolean;
  /** The language of the response's texts (summary, trace, errors, odds labels); default 'en'. */
  lang?: Lang;
  [input: string]: unknown;
}

/** What a procedure decided: always a plain-words `summary`; the rest depends on the procedure. */
export interface ProcedureResult {
  /** What happens to whom, in the rules' words (e.g. "Morale test: d6 3 <= 4, passed: no effect."). */
  summary: string;
  [key: string]: unknown;
}

/** The result type of a ruleset's procedure (by name or alias): its declared shape
 * (src/rulesets/<id>/results.json); ProcedureResult when the procedure is known only at run time. */
export type ResultOf<R extends RulesetId, P extends string> =
  IsUnion<R> extends false ? (P extends keyof ResultsByRuleset[R] ? ResultsByRuleset[R][P] : ProcedureResult) : ProcedureResult;

/** The tallies exact odds count for a ruleset's procedure (results.json "tallies"): each key's value
 * type, the keys of Odds.distributions; any keys when the procedure is known only at run time. */
export type TalliesOf<R extends RulesetId, P extends string> =
  IsUnion<R> extends false ? (P extends keyof TalliesByRuleset[R] ? TalliesByRuleset[R][P] : AnyTallies) : AnyTallies;

/** Tallies not known at compile time. */
export type AnyTallies = Record<string, string | number | boolean | null>;

/** true when T is a union of several types (a request whose ruleset is known only at run time). */
type IsUnion<T, U = T> = [T] extends [never] ? false : T extends unknown ? ([U] extends [T] ? false : true) : never;

export interface Resolution<T = ProcedureResult> {
  ok: true;
  ruleset: RulesetId;
  /** The procedure's name (an alias in the request is answered with the name). */
  procedure: string;
  result: T;
  rolls: Roll[];
  /** Absent when the request said `trace: false`. */
  trace?: TraceStep[];
  /** The seed used, when the dice were not supplied. */
  seed?: number;
  /** With `receipt: true` in the request. */
  receipt?: Receipt;
}

export interface CommitReveal {
  /** [side A, side B]: commitSeed(secretA, 'A', hash, context), commitSeed(secretB, 'B', hash, context), exchanged
   * before the secrets; never equal. */
  commitments: [string, string];
  /** [side A, side B]: 64 lowercase hex digits each (32 bytes); never equal. */
  secrets: [string, string];
  /** Optional label bound into the seed (e.g. "game 7, turn 3, shock 1"): printable ASCII, no leading,
   * trailing or doubled spaces, at most 256 characters. */
  context?: string;
}

/** A compact, replayable record of one resolution. */
export interface Receipt {
  /** 3: commitments bind the request and context, a drawn seed is not written into the request. verify()
   * also reads 2 (older receipts), as what they are. */
  format: 'grapeshot-receipt/3' | 'grapeshot-receipt/2';
  engine: string;
  ruleset: string;
  /** SHA-256 of the ruleset's data (RulesetDescription.dataHash). */
  dataHash: string;
  /** The request with its effective options (its `seed` only when the requester chose it). */
  request: UntypedRequest;
  seed?: number;
  /** Where the dice came from: supplied `dice`, a seed the requester chose, a seed the engine drew,
   * or two players' commit–reveal secrets (the only source neither chose alone). */
  diceSource: DiceSource;
  /** The natural rolls, in order. */
  rolls: number[];
  result: ProcedureResult;
}

export type DiceSource = 'supplied' | 'seed' | 'drawn' | 'commitReveal';

export interface Verification {
  ok: true;
  /** True when the receipt's rolls and result follow from its request on this engine and ruleset data. */
  valid: boolean;
  /** The receipt's format: 'grapeshot-receipt/2' receipts bind no request or context in their commitments. */
  format: Receipt['format'];
  /** The receipt's dice source, checked against its request. */
  diceSource: DiceSource;
  /** Each disagreement: engine_mismatch, data_hash_mismatch, request_mismatch, seed_mismatch,
   * commitment_mismatch, commitment_unbound (commit–reveal required of a /2 receipt), dice_source_mismatch,
   * request_rejected, rolls_mismatch, result_mismatch;
   * `path` points into the receipt. */
  problems: EngineError[];
}

/** One cell of a ruleset's grid table (GridTablesByRuleset: e.g. 'combat' of napoleon-iii-1866). */
export type LookupRequest = {
  [R in RulesetId]: [GridTablesByRuleset[R]] extends [never] ? never : {
    ruleset: R;
    table: GridTablesByRuleset[R];
    /** Zero-based column from the left. */
    column: number;
    /** The modified roll; clamped to the printed rows. */
    roll: number;
    options?: OptionsByRuleset[R];
  }
}[RulesetId];

/** The header of lookupCodes: a ruleset's grid table, its options, and for a two-sided table the side. */
export type LookupCodesHeader = {
  [R in RulesetId]: [GridTablesByRuleset[R]] extends [never] ? never : {
    ruleset: R;
    table: GridTablesByRuleset[R];
    options?: OptionsByRuleset[R];
    side?: string;
  }
}[RulesetId];

/** A printed table of a ruleset, by its id (TablesByRuleset); its printed texts in `lang` ('en' by default). */
export type TableRequest = { [R in RulesetId]: { ruleset: R; table: TablesByRuleset[R]; lang?: Lang } }[RulesetId];

export interface LookupResult {
  ok: true;
  /** The printed cell, or {attacker, defender} for two-sided tables; null for a printed blank. */
  cell: string | null | Record<string, string | null>;
  column: string;
  row: string;
  roll: number;
}

/** An exact probability: a reduced fraction and its value. */
export interface Fraction {
  num: number;
  den: number;
}

export interface OutcomeProbability<V = string | number | boolean | null> {
  value: V;
  fraction: Fraction;
  probability: number;
  /** Numeric outcomes only: P(outcome >= value). */
  atLeast?: { fraction: Fraction; probability: number };
}

/** Every value of each tally with its exact probability, keyed by the procedure's tallies (a tally
 * no sequence counted is absent: e.g. Waterloo fire's leaderKilled with no leader in the hex). */
export type Distributions<T = AnyTallies> = { [K in keyof T]?: OutcomeProbability<T[K]>[] };
/** The mean of each numeric tally. */
export type Expectations<T = AnyTallies> = string extends keyof T
  ? Record<string, { fraction: Fraction; value: number }>
  : { [K in keyof T as T[K] extends number ? K : never]?: { fraction: Fraction; value: number } };

export interface Sensitivity<T = AnyTallies> {
  /** JSON Pointer of the input given another value: a boolean flipped or (sensitivity: 'all') a choice. */
  path: JsonPointer;
  title: string;
  from: boolean | string;
  to: boolean | string;
  /** For a choice: the values' display labels (x-enumLabels). */
  fromLabel?: string;
  toLabel?: string;
  headline?: Headline<keyof T & string>[];
  distributions?: Distributions<T>;
  expected?: Expectations<T>;
  /** Set when the flipped request is not allowed (e.g. prohibited), or its odds did not fit the work
   * budget (odds_too_complex): the base odds are whole, this what-if has none. */
  error?: EngineError;
}

/** Exact odds; `T` the procedure's tallies (TalliesOf), which key `distributions` and `headline`. */
export interface Odds<T = AnyTallies> {
  ok: true;
  ruleset: RulesetId;
  procedure: string;
  /** Number of die sequences enumerated. */
  paths: number;
  /** The procedure's headline figures (ProcedureDescription.headline), in their order; absent when it declares none. */
  headline?: Headline<keyof T & string>[];
  /** Per tally (e.g. "cell", "final", "stepsLost"): every value's exact probability. */
  distributions: Distributions<T>;
  expected: Expectations<T>;
  /** The what-if table (sensitivity true or 'all'), when it fits the work budget. */
  sensitivity?: Sensitivity<T>[];
  /** In place of `sensitivity` when the odds fit the work budget and the what-if table does not
   * (odds_too_complex, path "/sensitivity"): the odds above are whole, and none of the what-ifs
   * was counted. Ask again with `sensitivity: true` (booleans only) or `false`. */
  sensitivityError?: EngineError;
}

/** JSON Schema subset used for procedure inputs and options. */
export interface Schema {
  type?: 'object' | 'array' | 'boolean' | 'integer' | 'number' | 'string';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  'x-enumLabels'?: string[];
  /** false: not a what-if of sensitivity 'all' (a unit's arm or nationality is what it is). */
  'x-whatIf'?: boolean;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean;
  /** For options: the rules-notes ruling the option belongs to. */
  ruling?: string;
}

export interface ProcedureDescription {
  name: string;
  title: string;
  description: string;
  aliases: string[];
  inputs: Schema;
  /** The odds players ask for first (Odds.headline), each a tally and its test; empty when none. */
  headline: HeadlineTest[];
}

/** One headline figure's definition (ruleset.json): the probability that `tally` meets one test. */
export interface HeadlineTest {
  /** In the rules' words, e.g. "Defender retreats or routs". */
  label: string;
  /** A key of Odds.distributions. */
  tally: string;
  /** Integer tallies: the value is at least this. */
  atLeast?: number;
  equals?: string | number | boolean;
  in?: (string | number | boolean)[];
}

/** One headline figure: exact, like every probability of the odds. */
export interface Headline<K extends string = string> {
  label: string;
  tally: K;
  fraction: Fraction;
  probability: number;
}

export interface RulesetDescription {
  id: RulesetId;
  /** The published game's name, e.g. "The Battles of Waterloo (GMT, 1994)". */
  title: string;
  publisher: string;
  dice: string[];
  /** Each ruling id the trace cites (V-xx, W-xx, G-xx, B-xx, X-xx) with a one-line explanation. */
  rulings: Record<string, string>;
  /** SHA-256 (hex) of the ruleset's data as the engine embeds it: ruleset.json, a line feed, tables.json,
   * each without its line breaks and indentation. Receipts carry it; computed when the engine is built. */
  dataHash: string;
  procedures: ProcedureDescription[];
  options: Record<string, Schema>;
  tables: { id: string; kind: string; title: string }[];
}

/** The languages of the message catalogs (src/messages/<lang>.json). */
export type Lang = 'en' | 'fr';

export declare class Engine {
  readonly version: string;
  /** The rulesets, their texts in `lang` (default 'en'); another lang throws a RangeError. */
  rulesets(options?: { lang?: Lang }): RulesetDescription[];
  /** The languages this engine answers in now: English, and each catalog loaded. */
  readonly languages: Lang[];
  /** Loads the catalog of `lang` (sentences and forms), which the module is built without so that a
   * page in English downloads no French. In browsers, before a request or rulesets() in that language
   * (else the request is refused with lang_not_loaded, rulesets() throws); Node loads it by itself. */
  loadLanguage(lang: Lang): Promise<void>;
  /** Memory of the WebAssembly instance. */
  memory(): { wasmBytes: number };
  /** Resolves a request; a request built in a variable keeps its type with `satisfies Request`. */
  resolve<R extends RulesetId, P extends ProcedureNames[R]>(request: Request & { ruleset: R; procedure: P }): Resolution<ResultOf<R, P>> | Failure;
  resolveJson(text: string): string;
  lookup(request: LookupRequest): LookupResult | Failure;
  table(request: TableRequest): { ok: true; table: Record<string, unknown> } | Failure;
  /** Many lookups of one grid table, for bots: (column, roll) pairs in, cell indices out (-1: no such column). */
  lookupCodes(header: LookupCodesHeader, pairs: Int32Array): { ok: true; cells: string[]; codes: Int32Array } | Failure;
  /** Re-derives a receipt; reports tampering as problems. `requireCommitReveal`: other dice sources are not valid. */
  verify(receipt: Receipt, options?: { requireCommitReveal?: boolean }): Verification | Failure;
  /** The canonical form of a request and its SHA-256: what a commit–reveal seed is bound to. */
  canonical(request: Request): { ok: true; canonical: string; hash: string } | Failure;
  /** Exact odds; `sensitivity` (default true): also each boolean input's effect when flipped, and with
   * 'all' each other value of every choice input (position, terrain, slope, …). Over the
   * budget of 250,000 die sequences: odds_too_complex at once; when only the what-ifs are over
   * it, the odds with `sensitivityError` in place of the what-if table (see README: The cost of odds). */
  odds<R extends RulesetId, P extends ProcedureNames[R]>(request: OddsRequest & { ruleset: R; procedure: P }): Odds<TalliesOf<R, P>> | Failure;
  /** Many requests in one call, each answered as one by one: `call` 'resolve' (default), 'odds' or 'lookup'. */
  batch<C extends BatchCall = 'resolve'>(requests: BatchRequests[C][], options?: { call?: C }): BatchAnswers[C][] | Failure;
}

/** What Engine.batch can do to each request. */
export type BatchCall = 'resolve' | 'odds' | 'lookup';
/** A batch's requests, by `call`. */
export interface BatchRequests { resolve: Request; odds: OddsRequest; lookup: LookupRequest }
/** A batch's answers, one per request, by `call`. */
export interface BatchAnswers { resolve: Resolution | Failure; odds: Odds | Failure; lookup: LookupResult | Failure }

/** A request for odds: dice and seed are ignored; `sensitivity: false` skips the what-ifs, `true`
 * flips every boolean input, `'all'` also tries every other value of each choice input. */
export type OddsRequest = Request & { sensitivity?: boolean | 'all' };

/** WebAssembly.Module where the project's libraries declare it (the DOM lib, a worker lib), else any
 * object: a Node-only project (lib es2022, @types/node) has no WebAssembly namespace to name. */
export type WasmModule = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any[]) => infer M } } ? M : object;

export interface CreateEngineOptions {
  /** A compiled module of grapeshot-core.wasm (e.g. shared with a worker). */
  wasmModule?: WasmModule;
  /** The .wasm bytes, if the host loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where the .wasm is, by default the package's own file (Vite and webpack 5 copy it; with esbuild or
   * Rollup, copy it and pass this). In browsers and bundles a URL: a relative one is resolved against
   * the script that imports grapeshot (its bundle), as a bundler's asset URL is (esbuild's
   * `import wasmUrl from 'grapeshot/grapeshot.wasm'` with --loader:.wasm=file), else against the page.
   * In Node a file path, relative to the working directory, or a URL (file:, http:, https:). */
  wasmUrl?: string | URL;
  /** The language of the wrapper's own errors (a load failure; a request that cannot be read and says
   * no `lang` of its own); default 'en'. A request's own `lang` decides the engine's texts. */
  lang?: Lang;
  /** Languages to load with the engine (e.g. ['fr']): only English is in the module; another
   * language's catalog is fetched on demand (engine.loadLanguage), in Node the first time it is asked. */
  langs?: Lang[];
}

/** Request text beyond this many UTF-8 bytes is refused (request_too_large). */
export declare const MAX_REQUEST_BYTES: number;
/** A fresh 32-byte secret from the platform's CSPRNG, as 64 lowercase hex digits. */
export declare function newSecret(): string;
/** hex(SHA-256("grapeshot commit v3" 0x00 || role || request hash || secret bytes || context)), role the byte "A" or
 * "B", `requestHash` Engine.canonical(request).hash: a commitment to one secret for one request and context, made
 * before any secret is revealed; throws TypeError for a malformed secret, role, hash or context. */
export declare function commitSeed(secret: string, role: 'A' | 'B', requestHash: string, context?: string): string;
/** First 4 bytes, big-endian, of SHA-256("grapeshot seed v3" 0x00 || secretA || secretB || request hash || context):
 * `requestHash` is Engine.canonical(request).hash; throws TypeError for a malformed secret, hash or context. */
export declare function deriveSeed(secretA: string, secretB: string, requestHash: string, context?: string): number;
/** True when `commitment` is side `role`'s commitment to `secret` for this request hash and context. */
export declare function checkCommitment(commitment: string, secret: string, role: 'A' | 'B', requestHash: string, context?: string): boolean;
/** Throws TypeError unless `context` is a valid commit–reveal context (printable ASCII, no leading,
 * trailing or doubled spaces, at most 256 characters), exactly as the engine checks it. */
export declare function checkContext(context: string): void;
/** SHA-256 of a string's UTF-8 bytes (or of bytes) as 64 lowercase hex digits. */
export declare function sha256Hex(data: string | Uint8Array): string;

export declare function createEngine(options?: CreateEngineOptions): Promise<Engine>;
/** The compiled module createEngine(options) instantiates (the package's own by default, compiled once,
 * while it downloads, and shared): start it early and hand it to workers as `{ wasmModule }`. */
export declare function compileEngine(options?: CreateEngineOptions): Promise<WasmModule>;
export default createEngine;
