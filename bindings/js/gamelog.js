// grapeshot — the game log (docs/game-log.md): a hash-chained JSON Lines record of a whole game,
// whose dice neither player controls or foresees, exchanged as text and checkable offline by either
// player or a referee. Built on the engine's existing entry points (canonical, resolve with
// commitReveal) and the SHA-256 of commit-reveal.js: no engine change, the same bytes everywhere.
import { commitSeed, deriveSeed, newSecret, sha256, sha256Hex } from './commit-reveal.js';

export const GAME_LOG_FORMAT = 'grapeshot-game-log/1';
const PROPOSAL_FORMAT = 'grapeshot-game-proposal/1';
const REQUEST_FORMAT = 'grapeshot-roll-request/1';
const ANSWER_FORMAT = 'grapeshot-roll-answer/1';
const PLAYER_FORMAT = 'grapeshot-game-player/1';
export const DEFAULT_CHAIN_LENGTH = 1000;
const MAX_CHAIN_LENGTH = 100000;
// A log of a long game stays far below this; beyond it the text is refused before it is split.
const MAX_LOG_BYTES = 64 * 1024 * 1024;
const MAX_LINE_BYTES = 64 * 1024;
const MAX_REVEAL_GAP = 64;

const utf8 = (s) => new TextEncoder().encode(s);
const HEX64 = /^[0-9a-f]{64}$/;
const ROLES = ['A', 'B'];
const other = (role) => (role === 'A' ? 'B' : 'A');
const fromHex = (hex) => Uint8Array.from(hex.match(/../g), (x) => parseInt(x, 16));
const toHex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function failure(code, message, path = '') {
  return { ok: false, error: { code, message, path } };
}

// Every public call: whatever it is given, an exception becomes an error envelope.
function guard(fn) {
  try {
    return fn();
  } catch (e) {
    return failure('invalid_request', `cannot be read: ${String(e?.message ?? e).slice(0, 200)}`);
  }
}

// ----- canonical JSON ---------------------------------------------------------------------------

// Code-point order is UTF-8 byte order, the order the engine's std::map sorts keys in (JS's default
// sort compares UTF-16 units, which differs above U+FFFF).
function compareKeys(a, b) {
  const x = [...a], y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i].codePointAt(0) - y[i].codePointAt(0);
    if (d) return d;
  }
  return x.length - y.length;
}

/** Canonical JSON (docs/game-log.md): object keys sorted by code point, no whitespace, strings and
 * numbers as JSON.stringify writes them. Throws on values JSON cannot carry (callers guard). */
export function canonicalJson(value) {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('a number that is not finite');
    const s = JSON.stringify(value);
    if (s === undefined) throw new TypeError(`a ${typeof value} has no JSON form`);
    return s;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort(compareKeys);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

// ----- hash chains ------------------------------------------------------------------------------

const CHAIN_TAG = utf8('grapeshot chain v1\0');

/** One step of a player's chain: SHA-256("grapeshot chain v1" 0x00 || game (32 bytes) || role || value). */
export function chainStep(game, role, value) {
  const parts = [CHAIN_TAG, fromHex(game), utf8(role), fromHex(value)];
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return toHex(sha256(bytes));
}

/** The chain value `steps` steps from `secret` (0 steps: the secret itself). */
function chainValue(game, role, secret, steps) {
  let v = secret;
  for (let i = 0; i < steps; i++) v = chainStep(game, role, v);
  return v;
}

/** A player's anchor, H^n(secret), published in the header. */
export function chainAnchor(game, role, secret, length) {
  return chainValue(game, role, secret, length);
}

/** The reveal a player makes in entry `seq` (1-based): H^(n-seq)(secret), whose step is the last one. */
export function chainReveal(game, role, secret, length, seq) {
  return chainValue(game, role, secret, length - seq);
}

/** The label that binds a roll's seed to its place in the game and its requester (commitReveal's context). */
export function rollContext(game, seq, by, prev) {
  return `${GAME_LOG_FORMAT} ${game} ${seq} ${by} ${prev}`;
}

/** The commitReveal block the engine resolves an entry with: the two reveals as the secrets. */
function commitRevealFor(entry) {
  const { A, B } = entry.reveals;
  const context = rollContext(entry.game, entry.seq, entry.by, entry.prev);
  // Commit–reveal v3 binds each commitment to the request's hash and the context (the reveals are
  // the chain's, fixed by the header's anchors before the request was made).
  return { commitments: [commitSeed(A, 'A', entry.requestHash, context), commitSeed(B, 'B', entry.requestHash, context)],
    secrets: [A, B], context };
}

/** The request the engine resolves for a canonical form {inputs, options, procedure, ruleset}. */
function requestOf(form) {
  return { ...form.inputs, ruleset: form.ruleset, procedure: form.procedure, options: form.options };
}

// ----- reading --------------------------------------------------------------------------------

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isName = (v) => typeof v === 'string' && v.length > 0 && v.length <= 100 && !/[\x00-\x1f\x7f]/.test(v) && v.trim() === v;

/** Splits log text into lines: one trailing line feed is allowed, and a CR before a line feed is
 * dropped (mail on Windows adds them; the hashed bytes are the line's, without its ending). */
function splitLines(text) {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Where a header breaks the format, as [path, message], or null. */
function headerProblem(h) {
  if (!isObject(h)) return ['', 'the first line is not a JSON object'];
  const allowed = ['anchors', 'chainLength', 'engine', 'format', 'game', 'players', 'rulesets', 'title'];
  for (const k of Object.keys(h)) if (!allowed.includes(k)) return [`/${k}`, `the header has no field "${k}"`];
  if (h.format !== GAME_LOG_FORMAT) return ['/format', `the format is not ${GAME_LOG_FORMAT}`];
  if (typeof h.game !== 'string' || !HEX64.test(h.game)) return ['/game', 'the game id is not 64 lowercase hex digits'];
  if (typeof h.title !== 'string' || h.title.length > 200 || /[\x00-\x1f\x7f]/.test(h.title)) return ['/title', 'the title is not a line of text of at most 200 characters'];
  if (typeof h.engine !== 'string') return ['/engine', 'the engine version is missing'];
  if (!Number.isInteger(h.chainLength) || h.chainLength < 1 || h.chainLength > MAX_CHAIN_LENGTH) return ['/chainLength', `the chain length is not a whole number from 1 to ${MAX_CHAIN_LENGTH}`];
  for (const [field, check, what] of [['players', isName, 'a name (1 to 100 characters, no control characters or outer spaces)'],
    ['anchors', (v) => typeof v === 'string' && HEX64.test(v), '64 lowercase hex digits']]) {
    const o = h[field];
    if (!isObject(o) || Object.keys(o).length !== 2) return [`/${field}`, `${field} are {A, B}`];
    for (const r of ROLES) if (!check(o[r])) return [`/${field}/${r}`, `${field} ${r} is not ${what}`];
  }
  if (h.players.A === h.players.B) return ['/players/B', 'the two players have the same name'];
  if (h.anchors.A === h.anchors.B) return ['/anchors/B', 'the two anchors are equal'];
  if (!Array.isArray(h.rulesets) || h.rulesets.length < 1 || h.rulesets.length > 16) return ['/rulesets', 'rulesets is a list of 1 to 16 {id, dataHash}'];
  for (const [i, r] of h.rulesets.entries()) {
    if (!isObject(r) || Object.keys(r).length !== 2 || typeof r.id !== 'string' || typeof r.dataHash !== 'string' || !HEX64.test(r.dataHash)) {
      return [`/rulesets/${i}`, 'a ruleset is {id, dataHash}'];
    }
    if (h.rulesets.findIndex((x) => x?.id === r.id) !== i) return [`/rulesets/${i}/id`, 'a ruleset is listed twice'];
  }
  return null;
}

const ENTRY_FIELDS = ['by', 'game', 'prev', 'request', 'requestHash', 'resultHash', 'reveals', 'rolls', 'seed', 'seq', 'summary'];
// A roll its requester never completed (the walk-away): the request and the answerer's reveal only.
const FORFEIT_FIELDS = ['by', 'forfeit', 'game', 'prev', 'request', 'requestHash', 'reveals', 'seq'];

/** The roles whose reveals an entry carries: both, or the answerer's alone in a forfeit. */
const revealers = (e) => (e.forfeit === true ? [other(e.by)] : ROLES);

/** Where an entry breaks the format's shape, as [path, message], or null. */
function entryShapeProblem(e) {
  if (!isObject(e)) return ['', 'the line is not a JSON object'];
  if ('forfeit' in e && e.forfeit !== true) return ['/forfeit', 'forfeit is true or absent'];
  const fields = e.forfeit === true ? FORFEIT_FIELDS : ENTRY_FIELDS;
  for (const k of Object.keys(e)) if (!fields.includes(k)) return [`/${k}`, `${e.forfeit ? 'a forfeit' : 'an entry'} has no field "${k}"`];
  for (const k of fields) if (!(k in e)) return [`/${k}`, `the entry has no "${k}"`];
  if (!Number.isInteger(e.seq) || e.seq < 1) return ['/seq', 'the sequence number is not a whole number from 1'];
  if (typeof e.game !== 'string' || !HEX64.test(e.game)) return ['/game', 'the game id is not 64 lowercase hex digits'];
  if (typeof e.prev !== 'string' || !HEX64.test(e.prev)) return ['/prev', 'the link is not 64 lowercase hex digits'];
  if (!ROLES.includes(e.by)) return ['/by', 'the requester is not A or B'];
  if (!isObject(e.request) || Object.keys(e.request).length !== 4 || !isObject(e.request.inputs) || !isObject(e.request.options) ||
    typeof e.request.ruleset !== 'string' || typeof e.request.procedure !== 'string') {
    return ['/request', 'the request is not a canonical form {inputs, options, procedure, ruleset}'];
  }
  if (typeof e.requestHash !== 'string' || !HEX64.test(e.requestHash)) return ['/requestHash', 'requestHash is not 64 lowercase hex digits'];
  const roles = revealers(e);
  if (!isObject(e.reveals) || Object.keys(e.reveals).length !== roles.length || !roles.every((r) => r in e.reveals)) {
    return ['/reveals', e.forfeit ? 'a forfeit carries the answerer\'s reveal alone' : 'reveals are {A, B}'];
  }
  for (const r of roles) if (typeof e.reveals[r] !== 'string' || !HEX64.test(e.reveals[r])) return [`/reveals/${r}`, `reveal ${r} is not 64 lowercase hex digits`];
  if (e.forfeit) return null;
  if (typeof e.resultHash !== 'string' || !HEX64.test(e.resultHash)) return ['/resultHash', 'resultHash is not 64 lowercase hex digits'];
  if (!Number.isInteger(e.seed) || e.seed < 0 || e.seed > 0xffffffff) return ['/seed', 'the seed is not a 32-bit unsigned integer'];
  if (!Array.isArray(e.rolls) || e.rolls.length > 1024 || !e.rolls.every((n) => Number.isInteger(n) && n >= 0 && n <= 100)) return ['/rolls', 'the rolls are not a list of die faces'];
  if (typeof e.summary !== 'string') return ['/summary', 'the summary is not text'];
  return null;
}

/** Whether an entry's request is one of the game's, canonical and hashed right: [code, path, message] or null. */
function requestProblem(engine, entry, header) {
  const ruleset = header.rulesets.find((r) => r.id === entry.request.ruleset);
  if (!ruleset) return ['ruleset_not_in_header', '/request/ruleset', `the ruleset "${entry.request.ruleset}" is not one the header lists`];
  const canon = engine.canonical(requestOf(entry.request));
  if (!canon.ok) return ['request_rejected', `/request${canon.error.path}`, `the engine refuses the request: ${canon.error.message}`];
  if (canon.canonical !== canonicalJson(entry.request)) return ['request_not_canonical', '/request', 'the request is not in its canonical form (defaults filled, effective options, names as the engine gives them)'];
  if (canon.hash !== entry.requestHash) return ['request_hash_mismatch', '/requestHash', 'the request hash is not the SHA-256 of the canonical request'];
  return null;
}

/**
 * Resolves an entry's request with the engine and the entry's reveals: {ok, form, hash, response}
 * or {problem: [code, path, message]}. Shared by the verifier (no trace) and by the requester completing
 * a roll (with the trace, to show).
 */
function resolveEntry(engine, entry, header, trace = false) {
  const problem = requestProblem(engine, entry, header);
  if (problem) return { problem };
  const response = engine.resolve({ ...requestOf(entry.request), commitReveal: commitRevealFor(entry), trace });
  if (!response.ok) return { problem: ['request_rejected', '/request', `the engine refuses the request: ${response.error.message}`] };
  return { response };
}

function entryMismatch(entry, response) {
  if (response.seed !== entry.seed) return ['seed_mismatch', '/seed', 'the seed is not the one the reveals, the request and the link give'];
  const rolls = response.rolls.map((r) => r.natural);
  if (canonicalJson(rolls) !== canonicalJson(entry.rolls)) return ['rolls_mismatch', '/rolls', 'the dice are not the ones the seed rolls'];
  if (sha256Hex(canonicalJson(response.result)) !== entry.resultHash) return ['result_mismatch', '/resultHash', 'the result is not the one the engine gives for these dice'];
  if (response.result.summary !== entry.summary) return ['result_mismatch', '/summary', 'the summary is not the engine\'s'];
  return null;
}

/**
 * Verifies a game log's text offline: {ok: true, valid, header, entries, problems}. `entries` has one
 * report per entry line {seq, line, by, request, rolls, summary, valid}; each problem is {seq, line,
 * code, path, message}, `seq` the entry's sequence number (0: the header), in line order, so
 * problems[0] names the first bad entry. Never throws: text that is not a string gets {ok: false}.
 */
export function verifyGameLog(engine, text) {
  return guard(() => {
    if (typeof text !== 'string') return failure('wrong_type', 'a game log is text (JSON Lines)');
    if (text.length > MAX_LOG_BYTES) return failure('request_too_large', `a game log is at most ${MAX_LOG_BYTES} bytes`);
    const problems = [];
    const entries = [];
    const lines = splitLines(text);
    const add = (seq, line, [code, path, message]) => problems.push({ seq, line, code, path, message });

    // The header.
    let header = null;
    const first = parseLine(lines[0]);
    if (first.problem) add(0, 1, first.problem);
    else {
      const p = headerProblem(first.value);
      if (p) add(0, 1, ['bad_header', ...p]);
      else header = first.value;
    }
    if (!header) return { ok: true, valid: false, header: null, entries, problems };
    if (header.engine !== engine.version) {
      add(0, 1, ['engine_mismatch', '/engine', `the log was made with engine ${header.engine}, this is ${engine.version}: it cannot vouch for the results`]);
    }
    const known = new Map(engine.rulesets().map((r) => [r.id, r.dataHash]));
    header.rulesets.forEach((r, i) => {
      if (!known.has(r.id)) add(0, 1, ['unknown_ruleset', `/rulesets/${i}/id`, `this engine has no ruleset "${r.id}"`]);
      else if (known.get(r.id) !== r.dataHash) add(0, 1, ['data_hash_mismatch', `/rulesets/${i}/dataHash`, `the log was made with other data for ${r.id}`]);
    });

    // Each player's last chain value that checked out, and the entry it came from: an entry whose
    // reveal is bad is reported once, and the next good reveal is checked against the last good one.
    const last = { A: { value: header.anchors.A, seq: 0 }, B: { value: header.anchors.B, seq: 0 } };
    let prevHash = sha256Hex(lines[0]);
    let expected = 1;  // the entry after the last one read: a drop or a duplicate is one gap, not a cascade
    for (let i = 1; i < lines.length; i++) {
      const lineNo = i + 1;
      const before = problems.length;
      const mark = (p) => add(Number.isInteger(entry?.seq) ? entry.seq : expected, lineNo, p);
      const parsed = parseLine(lines[i]);
      const hashOfThis = sha256Hex(lines[i]);
      let entry = parsed.value;
      const shape = parsed.problem ?? (entryShapeProblem(entry) && ['bad_entry', ...entryShapeProblem(entry)]);
      if (shape) {
        entry = null;
        add(expected, lineNo, shape);
        entries.push({ seq: expected, line: lineNo, valid: false });
        prevHash = hashOfThis;
        expected++;
        continue;
      }
      if (entry.game !== header.game) mark(['wrong_game', '/game', 'the entry belongs to another game']);
      else if (entry.seq !== expected) mark(['sequence_gap', '/seq', `entry ${expected} was expected here, this is entry ${entry.seq}`]);
      if (entry.prev !== prevHash) mark(['broken_link', '/prev', 'the link is not the hash of the line before']);
      if (entry.seq > header.chainLength) mark(['chain_exhausted', '/seq', `the chains have ${header.chainLength} reveals`]);
      for (const r of revealers(entry)) {
        // Stepped back to the last good value by the entry's own number, so a dropped entry is
        // reported as a gap, not also as bad reveals (bounded: a referee's log, not a hash puzzle).
        const steps = entry.seq - last[r].seq;
        if (steps >= 1 && steps <= MAX_REVEAL_GAP && chainValue(header.game, r, entry.reveals[r], steps) === last[r].value) {
          last[r] = { value: entry.reveals[r], seq: entry.seq };
        } else mark(['bad_reveal', `/reveals/${r}`, `${header.players[r]}'s reveal is not the next one of their chain`]);
      }
      if (!entry.forfeit && entry.reveals.A === entry.reveals.B) mark(['bad_reveal', '/reveals/B', 'the two reveals are equal']);
      const report = entry.forfeit
        ? { seq: entry.seq, line: lineNo, by: entry.by, request: entry.request, forfeit: true }
        : { seq: entry.seq, line: lineNo, by: entry.by, request: entry.request, rolls: entry.rolls, summary: entry.summary };
      if (problems.length === before) {
        // A forfeit has no dice: its request is checked, nothing is resolved.
        const p = entry.forfeit ? requestProblem(engine, entry, header) : (() => {
          const r = resolveEntry(engine, entry, header);
          return r.problem ?? entryMismatch(entry, r.response);
        })();
        if (p) mark(p);
      }
      report.valid = problems.length === before;
      entries.push(report);
      prevHash = hashOfThis;
      expected = entry.seq + 1;
    }
    return { ok: true, valid: problems.length === 0, header, entries, problems };
  });
}

/** A line as a JSON value, with its canonical-bytes check: {value} or {problem}. */
function parseLine(line) {
  if (line === undefined || line === '') return { problem: ['not_json', '', 'the line is empty'] };
  if (line.length > MAX_LINE_BYTES) return { problem: ['not_json', '', `the line is longer than ${MAX_LINE_BYTES} characters`] };
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: ['not_json', '', 'the line is not JSON'] };
  }
  let canon;
  try {
    canon = canonicalJson(value);
  } catch {
    return { problem: ['not_json', '', 'the line is not JSON'] };
  }
  // Also refuses keys given twice (JSON.parse keeps the last, the re-serialised text has one).
  if (canon !== line) return { problem: ['not_canonical', '', 'the line is not in canonical form (keys sorted, no spaces), so its hash is not well defined'] };
  return { value };
}

// ----- the protocol -----------------------------------------------------------------------------

function readJsonMessage(text, format, what) {
  if (typeof text !== 'string') return { error: failure('wrong_type', `${what} is text`) };
  if (text.length > MAX_LINE_BYTES) return { error: failure('request_too_large', `${what} is too long`) };
  let m;
  try {
    m = JSON.parse(text.trim());
  } catch {
    return { error: failure('parse_error', `${what} is not JSON: was it copied whole?`) };
  }
  if (!isObject(m) || m.format !== format) return { error: failure('invalid_value', `this is not ${what}`, '/format') };
  return { message: m };
}

function checkPlayer(player) {
  if (!isObject(player) || player.format !== PLAYER_FORMAT || !ROLES.includes(player.role) || typeof player.secret !== 'string' ||
    !HEX64.test(player.secret) || typeof player.game !== 'string' || !HEX64.test(player.game) || !Number.isInteger(player.chainLength)) {
    return failure('invalid_value', 'this is not a game player\'s private state (from newGame or joinGame)', '/player');
  }
  return null;
}

/** The log's state as the protocol needs it: {header, next (seq), prev (hash)} or {error}. */
function logState(engine, log, player) {
  const v = verifyGameLog(engine, log);
  if (!v.ok) return { error: v };
  if (!v.valid) {
    const p = v.problems[0];
    return { error: failure('invalid_log', `the log does not verify: entry ${p.seq}: ${p.message}`, `/log/${p.line - 1}${p.path}`) };
  }
  if (player && v.header.game !== player.game) return { error: failure('wrong_game', 'this log is of another game', '/log/0/game') };
  if (player && v.header.anchors[player.role] !== chainAnchor(player.game, player.role, player.secret, player.chainLength)) {
    return { error: failure('invalid_value', 'this player\'s secret is not the one its anchor in the log was made from', '/player/secret') };
  }
  const lines = splitLines(log);
  const next = lines.length;
  if (next > v.header.chainLength) return { error: failure('chain_exhausted', `the chains have ${v.header.chainLength} reveals: start a new game`) };
  return { header: v.header, next, prev: sha256Hex(lines[lines.length - 1]), lines };
}

/** A role's last reveal in a verified log (a forfeit skips the requester's): {value, seq}, the anchor at seq 0. */
function lastReveal(state, role) {
  for (let i = state.lines.length - 1; i >= 1; i--) {
    const e = JSON.parse(state.lines[i]);
    if (role in e.reveals) return { value: e.reveals[role], seq: e.seq };
  }
  return { value: state.header.anchors[role], seq: 0 };
}

const withLine = (log, line) => `${splitLines(log).join('\n')}\n${line}\n`;

/**
 * Proposes a game: {ok, proposal (text to send), player (your private state: keep it, never send it)}.
 * `players` {A, B} are the two names, `role` yours; `rulesets` the ids the game uses. `game` (64 hex)
 * and `secret` exist for test vectors; by default both are fresh from the platform's CSPRNG.
 */
export function newGame(engine, { players, role, rulesets, title = '', chainLength = DEFAULT_CHAIN_LENGTH, game, secret } = {}) {
  return guard(() => {
    if (!ROLES.includes(role)) return failure('invalid_value', 'role is "A" or "B"', '/role');
    game ??= newSecret();
    secret ??= newSecret();
    if (typeof game !== 'string' || !HEX64.test(game)) return failure('invalid_value', 'game is 64 lowercase hex digits', '/game');
    if (typeof secret !== 'string' || !HEX64.test(secret)) return failure('invalid_value', 'secret is 64 lowercase hex digits', '/secret');
    const known = new Map(engine.rulesets().map((r) => [r.id, r.dataHash]));
    if (!Array.isArray(rulesets)) return failure('wrong_type', 'rulesets is a list of ruleset ids', '/rulesets');
    for (const [i, id] of rulesets.entries()) if (!known.has(id)) return failure('unknown_ruleset', `no ruleset "${id}"`, `/rulesets/${i}`);
    const header = {
      anchors: { A: '0'.repeat(64), B: '1'.repeat(64) }, chainLength, engine: engine.version, format: GAME_LOG_FORMAT, game,
      players, rulesets: rulesets.map((id) => ({ dataHash: known.get(id), id })), title,
    };
    const p = headerProblem(header);
    if (p) return failure('invalid_value', p[1], p[0]);
    const anchors = { [role]: chainAnchor(game, role, secret, chainLength) };
    const proposal = canonicalJson({ ...header, anchors, format: PROPOSAL_FORMAT });
    return { ok: true, proposal, player: { chainLength, format: PLAYER_FORMAT, game, role, secret } };
  });
}

/** Joins a proposed game as the other role: {ok, log (the header line: send it back), player}. */
export function joinGame(engine, proposalText, { secret } = {}) {
  return guard(() => {
    const { message: m, error } = readJsonMessage(proposalText, PROPOSAL_FORMAT, 'a game proposal');
    if (error) return error;
    const theirs = isObject(m.anchors) && Object.keys(m.anchors).length === 1 ? Object.keys(m.anchors)[0] : null;
    if (!ROLES.includes(theirs)) return failure('invalid_value', 'a proposal carries the proposer\'s anchor only', '/anchors');
    const role = other(theirs);
    secret ??= newSecret();
    if (typeof secret !== 'string' || !HEX64.test(secret)) return failure('invalid_value', 'secret is 64 lowercase hex digits', '/secret');
    const header = { ...m, format: GAME_LOG_FORMAT, anchors: { ...m.anchors, [role]: '0'.repeat(64) } };
    const shape = headerProblem(header);
    if (shape) return failure('invalid_value', shape[1], shape[0]);
    header.anchors[role] = chainAnchor(m.game, role, secret, m.chainLength);
    const log = `${canonicalJson(header)}\n`;
    const v = verifyGameLog(engine, log);
    if (!v.valid) return failure(v.problems[0].code, v.problems[0].message, v.problems[0].path);
    return { ok: true, log, player: { chainLength: m.chainLength, format: PLAYER_FORMAT, game: m.game, role, secret } };
  });
}

/** The proposer checks the header the other player sent back: {ok, log} when it is the game proposed
 * (`proposal`, the text sent) with the proposer's own anchor. */
export function acceptGame(engine, player, proposalText, logText) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    const { message: proposal, error } = readJsonMessage(proposalText, PROPOSAL_FORMAT, 'a game proposal');
    if (error) return error;
    const state = logState(engine, logText, player);
    if (state.error) return state.error;
    if (state.lines.length !== 1) return failure('invalid_value', 'an answer to a proposal is the header line alone', '/log');
    const { anchors: a, format: _f, ...rest } = proposal;
    const { anchors: b, format: _g, ...header } = state.header;
    if (canonicalJson(rest) !== canonicalJson(header) || a[player.role] !== b[player.role]) {
      return failure('invalid_value', 'the header is not the game proposed', '/log/0');
    }
    return { ok: true, log: state.lines.join('\n') + '\n' };
  });
}

/**
 * The requester's first message: {ok, message (send it), player (keep it: it remembers the request)}.
 * `request` is a request as for engine.resolve, without dice or seed.
 */
export function requestRoll(engine, log, player, request) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    const state = logState(engine, log, player);
    if (state.error) return state.error;
    if (!isObject(request)) return failure('invalid_request', 'a request is a JSON object', '/request');
    for (const k of ['dice', 'seed', 'commitReveal']) if (k in request) return failure('conflicting_fields', `a game's dice come from both players: no ${k}`, `/request/${k}`);
    const { receipt: _r, trace: _t, sensitivity: _s, ...plain } = request;
    const canon = engine.canonical(plain);
    if (!canon.ok) return { ok: false, error: { ...canon.error, path: `/request${canon.error.path}` } };
    const form = JSON.parse(canon.canonical);
    if (!state.header.rulesets.some((r) => r.id === form.ruleset)) return failure('invalid_value', `this game does not use the ruleset "${form.ruleset}"`, '/request/ruleset');
    const message = canonicalJson({ by: player.role, format: REQUEST_FORMAT, game: state.header.game, prev: state.prev, request: form, requestHash: canon.hash, seq: state.next });
    return { ok: true, message, player: { ...player, pending: { seq: state.next, requestHash: canon.hash, message } } };
  });
}

/**
 * The opponent's answer: its next reveal, bound to the request's hash, seq and link.
 * {ok, message (send it back), player (keep it: it remembers what it answered)}. A second, different
 * request for a sequence number already answered is refused (already_answered): the reveal is spent.
 */
export function answerRoll(engine, log, player, requestText) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    const state = logState(engine, log, player);
    if (state.error) return state.error;
    const { message: m, error } = readJsonMessage(requestText, REQUEST_FORMAT, 'a roll request');
    if (error) return error;
    if (m.game !== state.header.game) return failure('wrong_game', 'this request is for another game', '/game');
    if (m.by !== other(player.role)) return failure('invalid_value', 'this request is not from the other player', '/by');
    if (m.seq !== state.next) return failure('sequence_gap', `entry ${state.next} is next, this request is for entry ${m.seq}`, '/seq');
    if (m.prev !== state.prev) return failure('broken_link', 'this request follows another log than yours', '/prev');
    if (!isObject(m.request)) return failure('invalid_request', 'the request is missing', '/request');
    const canon = engine.canonical(requestOf(m.request));
    if (!canon.ok) return { ok: false, error: { ...canon.error, path: `/request${canon.error.path}` } };
    if (canon.canonical !== canonicalJson(m.request)) return failure('request_not_canonical', 'the request is not in its canonical form', '/request');
    if (canon.hash !== m.requestHash) return failure('request_hash_mismatch', 'the request hash is not the request\'s', '/requestHash');
    if (!state.header.rulesets.some((r) => r.id === m.request.ruleset)) return failure('invalid_value', 'this game does not use that ruleset', '/request/ruleset');
    if (player.answered?.seq === m.seq && player.answered.requestHash !== m.requestHash) {
      return failure('already_answered', `entry ${m.seq} was already answered for another request: it is that request or a forfeit, never a new roll`, '/requestHash');
    }
    const reveal = chainReveal(player.game, player.role, player.secret, player.chainLength, m.seq);
    const message = canonicalJson({ format: ANSWER_FORMAT, game: m.game, prev: m.prev, requestHash: m.requestHash, reveal, role: player.role, seq: m.seq });
    return { ok: true, message, player: { ...player, answered: { seq: m.seq, requestHash: m.requestHash, request: m.request, by: m.by } } };
  });
}

/**
 * The requester completes the entry with its own reveal, which its chain fixed long ago:
 * {ok, entry (the new line: send it), log (with it appended), resolution (the engine's answer), player}.
 */
export function completeRoll(engine, log, player, answerText) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    if (!player.pending) return failure('invalid_value', 'this player has no roll requested', '/player/pending');
    const state = logState(engine, log, player);
    if (state.error) return state.error;
    const { message: a, error } = readJsonMessage(answerText, ANSWER_FORMAT, 'a roll answer');
    if (error) return error;
    const pending = JSON.parse(player.pending.message);
    if (a.game !== pending.game) return failure('wrong_game', 'this answer is for another game', '/game');
    if (a.seq !== pending.seq || a.seq !== state.next) return failure('sequence_gap', `this answer is for entry ${a.seq}, not entry ${pending.seq}`, '/seq');
    if (a.prev !== pending.prev || a.prev !== state.prev) return failure('broken_link', 'this answer follows another log', '/prev');
    if (a.requestHash !== pending.requestHash) return failure('answer_mismatch', 'this answer is to another request than the one sent', '/requestHash');
    const them = other(player.role);
    if (a.role !== them) return failure('invalid_value', 'this answer is not from the other player', '/role');
    if (typeof a.reveal !== 'string' || !HEX64.test(a.reveal)) return failure('bad_reveal', 'the reveal is not 64 lowercase hex digits', '/reveal');
    const previous = lastReveal(state, them);
    if (chainValue(state.header.game, them, a.reveal, pending.seq - previous.seq) !== previous.value) {
      return failure('bad_reveal', 'the reveal is not the next one of the other player\'s chain', '/reveal');
    }
    const entry = {
      by: player.role, game: pending.game, prev: pending.prev, request: pending.request, requestHash: pending.requestHash,
      reveals: { [them]: a.reveal, [player.role]: chainReveal(player.game, player.role, player.secret, player.chainLength, pending.seq) },
      seq: pending.seq,
    };
    const r = resolveEntry(engine, entry, state.header, true);  // with the explanation, for the requester to read
    if (r.problem) return failure(r.problem[0], r.problem[2], r.problem[1]);
    Object.assign(entry, { resultHash: sha256Hex(canonicalJson(r.response.result)), rolls: r.response.rolls.map((x) => x.natural), seed: r.response.seed, summary: r.response.result.summary });
    const line = canonicalJson(entry);
    const { pending: _p, ...rest } = player;
    return { ok: true, entry: line, log: withLine(log, line), resolution: r.response, player: rest };
  });
}

/**
 * Appends an entry line to a log when the result verifies: {ok, log, entry (its report)} or the first
 * problem as the error (code, message, path into the entry).
 */
export function appendEntry(engine, log, entryText) {
  return guard(() => {
    if (typeof log !== 'string' || typeof entryText !== 'string') return failure('wrong_type', 'a log and an entry are text');
    const line = entryText.trim();
    if (line.includes('\n')) return failure('invalid_value', 'an entry is one line');
    const next = withLine(log, line);
    const v = verifyGameLog(engine, next);
    if (!v.ok) return v;
    if (!v.valid) {
      const p = v.problems[0];
      return failure(p.code, `entry ${p.seq}: ${p.message}`, p.path);
    }
    return { ok: true, log: next, entry: v.entries[v.entries.length - 1] };
  });
}

/** The opponent appends the requester's completed entry, after checking it is the request it answered
 * with the reveal it gave: {ok, log, entry, player}. */
export function acceptEntry(engine, log, player, entryText) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    let e;
    try {
      e = JSON.parse(String(entryText).trim());
    } catch {
      return failure('parse_error', 'the entry is not JSON: was it copied whole?');
    }
    if (isObject(e) && e.forfeit === true) {
      // The requester learns that the answerer recorded its roll as forfeit.
      if (!player.pending || e.seq !== player.pending.seq || e.requestHash !== player.pending.requestHash || e.by !== player.role) {
        return failure('answer_mismatch', 'this forfeit is not of the roll you asked for', '/requestHash');
      }
      const r = appendEntry(engine, log, String(entryText));
      if (!r.ok) return r;
      const { pending: _p, ...rest } = player;
      return { ...r, player: rest };
    }
    if (!player.answered) return failure('invalid_value', 'this player has answered no roll', '/player/answered');
    if (!isObject(e) || e.seq !== player.answered.seq || e.requestHash !== player.answered.requestHash) {
      return failure('answer_mismatch', 'this entry is not the request you answered', '/requestHash');
    }
    if (!isObject(e.reveals) || e.reveals[player.role] !== chainReveal(player.game, player.role, player.secret, player.chainLength, e.seq)) {
      return failure('answer_mismatch', 'this entry does not carry the reveal you gave', `/reveals/${player.role}`);
    }
    const r = appendEntry(engine, log, String(entryText));
    if (!r.ok) return r;
    const { answered: _a, ...rest } = player;
    return { ...r, player: rest };
  });
}

/**
 * The answerer records the roll it answered as forfeit, its requester having never completed it (the
 * walk-away: the requester knew the dice and did not send them). The line carries the request and the
 * answerer's reveal; the requester's reveal for that entry is skipped, never used again. {ok, entry
 * (send it, so the requester's log records it too), log, player}. A completed entry of the same roll,
 * which only the requester can make, outranks it (docs/game-log.md, settling a dispute).
 */
export function forfeitRoll(engine, log, player) {
  return guard(() => {
    const bad = checkPlayer(player);
    if (bad) return bad;
    if (!player.answered?.request) return failure('invalid_value', 'this player has answered no roll', '/player/answered');
    const state = logState(engine, log, player);
    if (state.error) return state.error;
    const { seq, requestHash, request, by } = player.answered;
    if (state.next !== seq) return failure('sequence_gap', `the roll answered is entry ${seq}, the log is at entry ${state.next}`, '/player/answered/seq');
    const line = canonicalJson({
      by, forfeit: true, game: player.game, prev: state.prev, request, requestHash,
      reveals: { [player.role]: chainReveal(player.game, player.role, player.secret, player.chainLength, seq) }, seq,
    });
    const r = appendEntry(engine, log, line);
    if (!r.ok) return r;
    const { answered: _a, ...rest } = player;
    return { ok: true, entry: line, log: r.log, player: rest };
  });
}

/** Both players at one table: one roll's three messages at once. {ok, log, entry, resolution, players}. */
export function hotseatRoll(engine, log, players, by, request) {
  return guard(() => {
    if (!ROLES.includes(by)) return failure('invalid_value', 'by is "A" or "B"', '/by');
    const asked = requestRoll(engine, log, players[by], request);
    if (!asked.ok) return asked;
    const answered = answerRoll(engine, log, players[other(by)], asked.message);
    if (!answered.ok) return answered;
    const done = completeRoll(engine, log, asked.player, answered.message);
    if (!done.ok) return done;
    const accepted = acceptEntry(engine, log, answered.player, done.entry);
    if (!accepted.ok) return accepted;
    return { ok: true, log: done.log, entry: done.entry, resolution: done.resolution, players: { [by]: done.player, [other(by)]: accepted.player } };
  });
}
