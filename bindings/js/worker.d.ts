// grapeshot/worker: the engine in a worker, every call a promise that an AbortSignal cancels.
import type {
  CreateEngineOptions, Failure, LookupRequest, LookupResult, Odds, Receipt, Request, Resolution, RulesetDescription,
  Verification,
} from './index.js';

/** The last argument of every call: aborting the signal terminates the worker running the call. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface EngineWorkerOptions extends CreateEngineOptions {
  /** Where the worker script (grapeshot/engine-worker) is served, when a bundler did not emit it. */
  workerUrl?: string | URL;
}

/** The Engine's calls, asynchronous; an aborted call rejects with an Error named "AbortError". */
export declare class EngineWorker {
  resolve(request: Request, call?: CallOptions): Promise<Resolution | Failure>;
  odds(request: Request & { sensitivity?: boolean }, call?: CallOptions): Promise<Odds | Failure>;
  lookup(request: LookupRequest, call?: CallOptions): Promise<LookupResult | Failure>;
  table(request: { ruleset: string; table: string }, call?: CallOptions): Promise<{ ok: true; table: Record<string, unknown> } | Failure>;
  canonical(request: Request, call?: CallOptions): Promise<{ ok: true; canonical: string; hash: string } | Failure>;
  verify(receipt: Receipt, options?: { requireCommitReveal?: boolean }, call?: CallOptions): Promise<Verification | Failure>;
  rulesets(call?: CallOptions): Promise<RulesetDescription[]>;
  lookupCodes(header: { ruleset: string; table: string; options?: Record<string, unknown>; side?: string },
    pairs: Int32Array, call?: CallOptions): Promise<{ ok: true; cells: string[]; codes: Int32Array } | Failure>;
  batch(requests: Request[], options?: { call?: 'resolve' }, call?: CallOptions): Promise<(Resolution | Failure)[] | Failure>;
  batch(requests: Request[], options: { call: 'odds' }, call?: CallOptions): Promise<(Odds | Failure)[] | Failure>;
  batch(requests: LookupRequest[], options: { call: 'lookup' }, call?: CallOptions): Promise<(LookupResult | Failure)[] | Failure>;
  /** Stops the worker; pending calls reject with an AbortError. */
  terminate(): void;
}

export declare function createEngineWorker(options?: EngineWorkerOptions): EngineWorker;
export default createEngineWorker;
