// grapeshot/worker: the engine's API in a Web Worker (browsers) or a worker thread (Node).
import type {
  BatchAnswers, BatchCall, BatchRequests, CreateEngineOptions, Failure, LookupCodesHeader, LookupRequest, LookupResult, Odds,
  OddsRequest, Receipt, Request, Resolution, ResultOf, ProcedureNames, RulesetDescription, RulesetId, TableRequest, TalliesOf,
  Verification, GameLogVerification,
} from './index.js';

/** Every call's last argument: aborting ends the worker, the call rejects with an AbortError
 * (a DOMException), and the next call starts a new worker. */
export interface CallOptions {
  signal?: AbortSignal;
}

export interface EngineWorker {
  resolve<R extends RulesetId, P extends ProcedureNames[R]>(request: Request & { ruleset: R; procedure: P }, options?: CallOptions): Promise<Resolution<ResultOf<R, P>> | Failure>;
  resolveJson(text: string, options?: CallOptions): Promise<string>;
  odds<R extends RulesetId, P extends ProcedureNames[R]>(request: OddsRequest & { ruleset: R; procedure: P },
    options?: CallOptions): Promise<Odds<TalliesOf<R, P>> | Failure>;
  lookup(request: LookupRequest, options?: CallOptions): Promise<LookupResult | Failure>;
  lookupCodes(header: LookupCodesHeader, pairs: Int32Array, options?: CallOptions): Promise<{ ok: true; cells: string[]; codes: Int32Array } | Failure>;
  table(request: TableRequest, options?: CallOptions): Promise<{ ok: true; table: Record<string, unknown> } | Failure>;
  verify(receipt: Receipt, options?: CallOptions & { requireCommitReveal?: boolean }): Promise<Verification | Failure>;
  canonical(request: Request, options?: CallOptions): Promise<{ ok: true; canonical: string; hash: string } | Failure>;
  rulesets(options?: CallOptions): Promise<RulesetDescription[]>;
  memory(options?: CallOptions): Promise<{ wasmBytes: number }>;
  version(options?: CallOptions): Promise<string>;
  batch<C extends BatchCall = 'resolve'>(requests: BatchRequests[C][], options?: CallOptions & { call?: C }): Promise<BatchAnswers[C][] | Failure>;
  /** verifyGameLog (the game log, docs/game-log.md) on the worker's engine. */
  verifyGameLog(text: string, options?: CallOptions): Promise<GameLogVerification | Failure>;
  /** Ends the worker now; calls waiting on it reject with an AbortError, a later call starts a new one. */
  terminate(): void;
}

/** A browser Worker or a Node worker_threads Worker. */
export interface WorkerLike {
  postMessage(message: unknown): void;
  terminate(): unknown;
}

export interface EngineWorkerOptions extends CreateEngineOptions {
  /** Starts a worker running a script that calls serveEngine() (for bundlers that do not bundle
   * `new Worker(new URL(…, import.meta.url))` themselves, such as esbuild). */
  worker?: () => WorkerLike;
}

export declare function createEngineWorker(options?: EngineWorkerOptions): EngineWorker;
/** In a worker script of your own: answer createEngineWorker's calls; `defaults` are createEngine
 * options the page's own options override. */
export declare function serveEngine(defaults?: CreateEngineOptions): void;
