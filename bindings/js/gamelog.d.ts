// The game log (docs/game-log.md): hash-chained JSON Lines, dice from both players' hash chains.
import type { Engine, EngineError, Failure, Request, Resolution } from './index.js';

/** "grapeshot-game-log/1" */
export declare const GAME_LOG_FORMAT: string;
/** Reveals per chain when newGame is not told otherwise (at most that many entries). */
export declare const DEFAULT_CHAIN_LENGTH: number;

/** The first line of a log. */
export interface GameLogHeader {
  format: 'grapeshot-game-log/1';
  /** 64 lowercase hex digits. */
  game: string;
  title: string;
  players: { A: string; B: string };
  rulesets: { id: string; dataHash: string }[];
  engine: string;
  chainLength: number;
  /** Each player's dice-chain anchor, H^n(secret). */
  anchors: { A: string; B: string };
}

/** The canonical form of a request (Engine.canonical). */
export interface CanonicalRequest {
  inputs: Record<string, unknown>;
  options: Record<string, unknown>;
  procedure: string;
  ruleset: string;
}

/** A player's private state: keep it (it holds the chain's secret), never send it. */
export interface GamePlayer {
  format: 'grapeshot-game-player/1';
  game: string;
  role: 'A' | 'B';
  secret: string;
  chainLength: number;
  /** The request this player sent and awaits an answer to. */
  pending?: { seq: number; requestHash: string; message: string };
  /** The request this player answered: that entry is that request or a forfeit. */
  answered?: { seq: number; requestHash: string; request: CanonicalRequest; by: 'A' | 'B' };
}

export interface GameLogProblem extends EngineError {
  /** The entry's sequence number (0: the header). */
  seq: number;
  /** The line of the file, from 1. */
  line: number;
}

export interface GameLogEntryReport {
  seq: number;
  line: number;
  by?: 'A' | 'B';
  request?: CanonicalRequest;
  rolls?: number[];
  /** The result's summary, in the rules' words. */
  summary?: string;
  /** The requester never completed the roll (recorded by forfeitRoll): no dice. */
  forfeit?: true;
  valid: boolean;
}

export interface GameLogVerification {
  ok: true;
  valid: boolean;
  header: GameLogHeader | null;
  entries: GameLogEntryReport[];
  /** In line order: problems[0] names the first bad entry. */
  problems: GameLogProblem[];
}

/** Verifies a log's text offline, re-resolving every entry; never throws. */
export declare function verifyGameLog(engine: Engine, text: string): GameLogVerification | Failure;

/** Proposes a game: the proposal is the text to send; the player is your private state. */
export declare function newGame(engine: Engine, options: {
  players: { A: string; B: string };
  role: 'A' | 'B';
  rulesets: string[];
  title?: string;
  chainLength?: number;
  /** For test vectors only: by default fresh from the CSPRNG. */
  game?: string;
  secret?: string;
}): { ok: true; proposal: string; player: GamePlayer } | Failure;
/** Joins a proposed game as the other role: the log (its header line) is what to send back. */
export declare function joinGame(engine: Engine, proposal: string, options?: { secret?: string }): { ok: true; log: string; player: GamePlayer } | Failure;
/** The proposer checks the header sent back against its proposal. */
export declare function acceptGame(engine: Engine, player: GamePlayer, proposal: string, log: string): { ok: true; log: string } | Failure;
/** The requester's message for one roll (a request without dice or seed). */
export declare function requestRoll(engine: Engine, log: string, player: GamePlayer, request: Request): { ok: true; message: string; player: GamePlayer } | Failure;
/** The opponent's answer: its next reveal, bound to the request's hash. */
export declare function answerRoll(engine: Engine, log: string, player: GamePlayer, request: string): { ok: true; message: string; player: GamePlayer } | Failure;
/** The requester completes the entry with its own reveal and resolves it. */
export declare function completeRoll(engine: Engine, log: string, player: GamePlayer, answer: string):
  { ok: true; entry: string; log: string; resolution: Resolution; player: GamePlayer } | Failure;
/** Appends an entry line when the log still verifies. */
export declare function appendEntry(engine: Engine, log: string, entry: string): { ok: true; log: string; entry: GameLogEntryReport } | Failure;
/** The opponent appends the completed entry after checking it is the request it answered (or the
 * requester appends the forfeit the opponent recorded of its roll). */
export declare function acceptEntry(engine: Engine, log: string, player: GamePlayer, entry: string):
  { ok: true; log: string; entry: GameLogEntryReport; player: GamePlayer } | Failure;
/** The answerer records the roll it answered as forfeit: its requester never completed it. */
export declare function forfeitRoll(engine: Engine, log: string, player: GamePlayer):
  { ok: true; entry: string; log: string; player: GamePlayer } | Failure;
/** Both players at one screen: one roll's three messages at once. */
export declare function hotseatRoll(engine: Engine, log: string, players: { A: GamePlayer; B: GamePlayer }, by: 'A' | 'B', request: Request):
  { ok: true; log: string; entry: string; resolution: Resolution; players: { A: GamePlayer; B: GamePlayer } } | Failure;

/** Canonical JSON: keys sorted by code point, no whitespace (docs/game-log.md). */
export declare function canonicalJson(value: unknown): string;
/** One step of a player's chain: SHA-256("grapeshot chain v1" 0x00 || game || role || value), hex. */
export declare function chainStep(game: string, role: 'A' | 'B', value: string): string;
/** H^n(secret): the anchor of a chain of n reveals. */
export declare function chainAnchor(game: string, role: 'A' | 'B', secret: string, length: number): string;
/** The reveal for entry `seq`: H^(n-seq)(secret). */
export declare function chainReveal(game: string, role: 'A' | 'B', secret: string, length: number, seq: number): string;
/** The commit–reveal context that binds a roll's seed to its game, entry, requester and link. */
export declare function rollContext(game: string, seq: number, by: 'A' | 'B', prev: string): string;
