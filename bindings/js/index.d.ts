// Public API of grapeshot (bindings/js/index.js).

/** A JSON Pointer (RFC 6901) to the offending input, "" for the whole request. */
export type JsonPointer = string;

export interface EngineError {
  /** Stable code, e.g. "missing_field", "wrong_type", "out_of_range", "unknown_ruleset" (see README). */
  code: string;
  message: string;
  path: JsonPointer;
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

/** One explanation step: a column shift, DRM, multiplier, division, clamp, check, table read… */
export interface TraceStep {
  kind: string;
  reason?: string;
  /** The printed rule or the ruling ID (e.g. "V-11") that gives this step. */
  ref?: string;
  value?: number;
  [key: string]: unknown;
}

export interface Request {
  ruleset: string;
  procedure: string;
  options?: Record<string, unknown>;
  /** Natural rolls, consumed in order (physical dice or the host's own roller). */
  dice?: number[];
  /** 0..2^32-1; with neither dice nor seed a seed is drawn from crypto.getRandomValues. */
  seed?: number;
  [input: string]: unknown;
}

export interface Resolution {
  ok: true;
  ruleset: string;
  procedure: string;
  result: Record<string, unknown>;
  rolls: Roll[];
  trace: TraceStep[];
  /** The seed used, when the dice were not supplied. */
  seed?: number;
}

export interface LookupRequest {
  ruleset: string;
  table: string;
  /** Zero-based column from the left. */
  column: number;
  /** The modified roll; clamped to the printed rows. */
  roll: number;
  options?: Record<string, unknown>;
}

export interface LookupResult {
  ok: true;
  /** The printed cell, or {attacker, defender} for two-sided tables; null for a printed blank. */
  cell: string | null | Record<string, string | null>;
  column: string;
  row: string;
  roll: number;
}

/** JSON Schema subset used for procedure inputs and options. */
export interface Schema {
  type?: 'object' | 'array' | 'boolean' | 'integer' | 'number' | 'string';
  title?: string;
  description?: string;
  default?: unknown;
  enum?: unknown[];
  'x-enumLabels'?: string[];
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
}

export interface RulesetDescription {
  id: string;
  title: string;
  publisher: string;
  seed: string;
  dice: string[];
  dataHash: string;
  procedures: ProcedureDescription[];
  options: Record<string, Schema>;
  tables: { id: string; kind: string; title: string }[];
}

export declare class Engine {
  readonly version: string;
  rulesets(): RulesetDescription[];
  resolve(request: Request): Resolution | Failure;
  resolveJson(text: string): string;
  lookup(request: LookupRequest): LookupResult | Failure;
  table(request: { ruleset: string; table: string }): { ok: true; table: Record<string, unknown> } | Failure;
}

export interface CreateEngineOptions {
  /** The .wasm bytes, if the host loads them itself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

export declare function createEngine(options?: CreateEngineOptions): Promise<Engine>;
export default createEngine;
