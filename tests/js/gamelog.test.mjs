// The game log (docs/game-log.md): the spec's test vectors against an independent SHA-256
// (node:crypto), the shipped example, every mutation class caught at its entry, the protocol's
// refusals (a changed request, a second request for a spent reveal), two Node processes playing by
// message, the README's exchange, and random and mutated texts that must never throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  acceptEntry, answerRoll, canonicalJson, chainAnchor, chainReveal, chainStep, completeRoll, deriveSeed, forfeitRoll, hotseatRoll, joinGame,
  newGame, requestRoll, rollContext, verifyGameLog, acceptGame,
} from 'grapeshot';
import { EXAMPLE, EXAMPLE_ROLLS, playExample, vectorsSection } from '../../scripts/gen-game-log-example.mjs';
import { engine } from './support.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = readFileSync(`${root}examples/pbem-game.jsonl`, 'utf8');
const spec = readFileSync(`${root}docs/game-log.md`, 'utf8');
const lines = (text) => text.trimEnd().split('\n');
const join = (ls) => `${ls.join('\n')}\n`;
const sha = (bytes) => createHash('sha256').update(bytes).digest();

// The chain step written again from the spec's words, with node:crypto.
function step(game, role, hex) {
  return sha(Buffer.concat([Buffer.from('grapeshot chain v1\0'), Buffer.from(game, 'hex'), Buffer.from(role), Buffer.from(hex, 'hex')])).toString('hex');
}

test('test vectors: the spec lists the example chains, links and seeds, and an independent SHA-256 agrees', async () => {
  const e = await engine();
  const { game, secretA, secretB, chainLength: n } = EXAMPLE;
  let a = secretA, b = secretB;
  for (let i = 0; i < n; i++) { a = step(game, 'A', a); b = step(game, 'B', b); }
  assert.equal(chainAnchor(game, 'A', secretA, n), a);
  assert.equal(chainAnchor(game, 'B', secretB, n), b);
  assert.equal(chainStep(game, 'A', secretA), step(game, 'A', secretA));
  assert.ok(spec.includes(a) && spec.includes(b), 'the spec lists both anchors');
  assert.ok(spec.includes(`step(secret A) with role A = ${step(game, 'A', secretA)}`) && spec.includes(`step(secret B) with role B = ${step(game, 'B', secretB)}`));
  const ls = lines(example);
  const header = JSON.parse(ls[0]);
  assert.deepEqual(header.anchors, { A: a, B: b });
  for (let k = 1; k < ls.length; k++) {
    const entry = JSON.parse(ls[k]);
    assert.equal(entry.prev, sha(Buffer.from(ls[k - 1])).toString('hex'), `entry ${k}: prev is SHA-256 of the line before`);
    assert.equal(entry.reveals.A, chainReveal(game, 'A', secretA, n, k));
    assert.equal(step(game, 'A', entry.reveals.A), k === 1 ? a : JSON.parse(ls[k - 1]).reveals.A);
    assert.equal(step(game, 'B', entry.reveals.B), k === 1 ? b : JSON.parse(ls[k - 1]).reveals.B);
    const canonical = e.canonical({ ...entry.request.inputs, ruleset: entry.request.ruleset, procedure: entry.request.procedure, options: entry.request.options });
    assert.equal(canonical.canonical, canonicalJson(entry.request));
    assert.equal(entry.requestHash, sha(Buffer.from(canonical.canonical)).toString('hex'));
    // The seed from the spec's formula, computed here without the package.
    const context = `grapeshot-game-log/1 ${game} ${k} ${entry.by} ${entry.prev}`;
    assert.equal(context, rollContext(game, k, entry.by, entry.prev));
    const d = sha(Buffer.concat([Buffer.from('grapeshot seed v3\0'), Buffer.from(entry.reveals.A, 'hex'), Buffer.from(entry.reveals.B, 'hex'),
      Buffer.from(entry.requestHash, 'hex'), Buffer.from(context)]));
    assert.equal(entry.seed, d.readUInt32BE(0));
    assert.equal(entry.seed, deriveSeed(entry.reveals.A, entry.reveals.B, entry.requestHash, context));
    for (const v of [entry.reveals.A, entry.reveals.B, entry.prev, entry.requestHash, String(entry.seed)]) assert.ok(spec.includes(v), `the spec lists ${v}`);
  }
});

test('the shipped example verifies, entry by entry, and is what the generator plays', async () => {
  const e = await engine();
  const v = verifyGameLog(e, example);
  assert.deepEqual(v.problems, []);
  assert.equal(v.valid, true);
  assert.equal(v.entries.length, EXAMPLE_ROLLS.length);
  assert.deepEqual(v.entries.map((x) => x.by), EXAMPLE_ROLLS.map(([by]) => by));
  for (const x of v.entries) assert.ok(x.valid && x.summary.length > 0 && x.rolls.length > 0);
  assert.equal(playExample(e), example, 'examples/pbem-game.jsonl is reproducible (scripts/gen-game-log-example.mjs)');
  assert.ok(spec.endsWith(vectorsSection(example)), 'docs/game-log.md\'s test vectors are the example\'s (node scripts/gen-game-log-example.mjs)');
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  assert.ok(pkg.files.includes('examples/pbem-game.jsonl') && pkg.files.includes('docs/game-log.md'));
});

// Re-serialises an edited entry so that only the edit differs (the line stays canonical).
const edit = (ls, k, fn) => { const c = [...ls]; const o = JSON.parse(c[k]); fn(o); c[k] = canonicalJson(o); return c; };
const first = (e, text) => { const v = verifyGameLog(e, text); assert.equal(v.ok, true); assert.equal(v.valid, false); return v.problems[0]; };

test('every field of every entry, changed, is caught at that entry', async () => {
  const e = await engine();
  const ls = lines(example);
  const other = '0123456789abcdef'.repeat(4);
  const changes = {
    by: (o) => { o.by = o.by === 'A' ? 'B' : 'A'; },
    game: (o) => { o.game = other; },
    prev: (o) => { o.prev = other; },
    request: (o) => { o.request.inputs = { ...o.request.inputs, extra: 1 }; },
    requestHash: (o) => { o.requestHash = other; },
    resultHash: (o) => { o.resultHash = other; },
    reveals: (o) => { o.reveals.B = other; },
    rolls: (o) => { o.rolls = o.rolls.map((r) => (r % 6) + 1); },
    seed: (o) => { o.seed = (o.seed + 1) >>> 0; },
    seq: (o) => { o.seq += 7; },
    summary: (o) => { o.summary += ' (and the enemy flees)'; },
  };
  const fields = Object.keys(JSON.parse(ls[1]));
  assert.deepEqual(Object.keys(changes).sort(), fields.sort(), 'every field of an entry is mutated');
  for (let k = 1; k < ls.length; k++) {
    for (const [field, fn] of Object.entries(changes)) {
      const p = first(e, join(edit(ls, k, fn)));
      assert.equal(p.line, k + 1, `${field} of entry ${k}: caught at its line (${p.code} ${p.message})`);
      assert.equal(p.seq, field === 'seq' ? k + 7 : k, `${field} of entry ${k}: named by its sequence number`);
    }
  }
  // The codes name why: a few of them.
  assert.equal(first(e, join(edit(ls, 2, changes.game))).code, 'wrong_game');
  assert.equal(first(e, join(edit(ls, 2, changes.rolls))).code, 'rolls_mismatch');
  assert.equal(first(e, join(edit(ls, 2, changes.summary))).code, 'result_mismatch');
  assert.equal(first(e, join(edit(ls, 2, changes.requestHash))).code, 'request_hash_mismatch');
  assert.equal(first(e, join(edit(ls, 2, changes.prev))).code, 'broken_link');
  assert.equal(first(e, join(edit(ls, 0, (h) => { h.title = 'Another battle'; }))).code, 'broken_link');  // the header is linked too
  assert.equal(first(e, join(edit(ls, 2, changes.by))).code, 'seed_mismatch');  // the requester is bound into the seed
  // Non-canonical bytes are refused before anything else: a space after a colon.
  assert.equal(first(e, join(ls.map((l, i) => (i === 3 ? l.replace('":', '": ') : l)))).code, 'not_canonical');
});

test('entries swapped, dropped, duplicated, spliced from another game; a header anchor changed', async () => {
  const e = await engine();
  const ls = lines(example);
  let p = first(e, join([ls[0], ls[1], ls[3], ls[2], ls[4]]));
  assert.deepEqual([p.seq, p.line, p.code], [3, 3, 'sequence_gap'], 'swapped 2 and 3');
  p = first(e, join([ls[0], ls[1], ls[3], ls[4]]));
  assert.deepEqual([p.seq, p.line, p.code], [3, 3, 'sequence_gap'], 'dropped 2');
  p = first(e, join([ls[0], ls[1], ls[2], ls[2], ls[3], ls[4]]));
  assert.deepEqual([p.seq, p.line, p.code], [2, 4, 'sequence_gap'], 'duplicated 2');
  p = first(e, join(ls.slice(0, -1)).replace(/$/, '') + 'x\n');
  assert.equal(p.code, 'not_json');
  // Another game with the same players' secrets and the same requests: its entry 2 in place of ours.
  const { game: _g, ...rest } = EXAMPLE;
  const other = playGame(e, { ...rest, game: '7b'.repeat(32) });
  p = first(e, join([ls[0], ls[1], lines(other)[2], ls[3], ls[4]]));
  assert.deepEqual([p.seq, p.line, p.code], [2, 3, 'wrong_game']);
  // The header's anchor of B changed: B's first reveal no longer leads to it.
  const h = JSON.parse(ls[0]);
  h.anchors.B = chainStep(h.game, 'B', h.anchors.B);
  const v = verifyGameLog(e, join([canonicalJson(h), ...ls.slice(1)]));
  assert.equal(v.valid, false);
  assert.ok(v.problems.some((x) => x.seq === 1 && x.code === 'bad_reveal' && x.path === '/reveals/B'), JSON.stringify(v.problems));
  assert.equal(v.problems[0].seq, 1);
});

/** The example's game with other parameters, hot seat. */
function playGame(e, { game, secretA, secretB, chainLength }) {
  const proposed = newGame(e, { players: { A: 'Anna', B: 'Ben' }, role: 'A', rulesets: ['napoleon-iii-1866'], title: 'Trautenau, by mail', chainLength, game, secret: secretA });
  const joined = joinGame(e, proposed.proposal, { secret: secretB });
  let players = { A: proposed.player, B: joined.player };
  let log = acceptGame(e, players.A, proposed.proposal, joined.log).log;
  for (const [by, request] of EXAMPLE_ROLLS) {
    const r = hotseatRoll(e, log, players, by, request);
    assert.equal(r.ok, true, JSON.stringify(r.error));
    ({ log, players } = r);
  }
  return log;
}

test('a reveal that is not the chain\'s next is caught even when the rest of the entry is made to agree', async () => {
  const e = await engine();
  const ls = lines(example);
  const { game, secretA, chainLength: n } = EXAMPLE;
  for (const wrong of [chainReveal(game, 'A', secretA, n, 3), chainReveal(game, 'A', secretA, n, 1), '5'.repeat(64)]) {
    // Entry 2 with A revealing a value other than its chain's next, the seed, dice and result recomputed.
    const o = JSON.parse(ls[2]);
    o.reveals.A = wrong;
    o.seed = deriveSeed(o.reveals.A, o.reveals.B, o.requestHash, rollContext(game, 2, o.by, o.prev));
    const r = e.resolve({ ...o.request.inputs, ruleset: o.request.ruleset, procedure: o.request.procedure, options: o.request.options, trace: false, seed: o.seed });
    Object.assign(o, { rolls: r.rolls.map((x) => x.natural), resultHash: sha(Buffer.from(canonicalJson(r.result))).toString('hex'), summary: r.result.summary });
    const c = [...ls];
    c[2] = canonicalJson(o);
    const p = first(e, join(c));
    assert.deepEqual([p.seq, p.code, p.path], [2, 'bad_reveal', '/reveals/A']);
  }
});

test('a request edited after the opponent\'s reveal: refused by both tools, caught in the log', async () => {
  const e = await engine();
  const ls = lines(example);
  const { game, secretA, secretB, chainLength } = EXAMPLE;
  const log = join(ls.slice(0, 3));  // entries 1 and 2 played; A asks for entry 3
  const A = { chainLength, format: 'grapeshot-game-player/1', game, role: 'A', secret: secretA };
  const B = { ...A, role: 'B', secret: secretB };
  const [, shock] = EXAMPLE_ROLLS[2];
  const asked = requestRoll(e, log, A, shock);
  const answered = answerRoll(e, log, B, asked.message);
  assert.equal(answered.ok, true);
  // A now knows B's reveal, and would like another request: A's tool refuses the answer for it...
  const swapped = requestRoll(e, log, A, { ...shock, defender: { terrain: 'clear', units: [{ combatValue: 4, morale: 3 }] } });
  let r = completeRoll(e, log, swapped.player, answered.message);
  assert.deepEqual([r.ok, r.error.code], [false, 'answer_mismatch']);
  // ... B refuses to answer a second request for entry 3 ...
  r = answerRoll(e, log, answered.player, swapped.message);
  assert.deepEqual([r.ok, r.error.code], [false, 'already_answered']);
  // ... and an entry forged for the other request with B's reveal is refused by B.
  const forged = JSON.parse(completeRoll(e, log, asked.player, answered.message).entry);
  const form = JSON.parse(swapped.message).request;
  Object.assign(forged, { request: form, requestHash: JSON.parse(swapped.message).requestHash });
  r = acceptEntry(e, log, answered.player, canonicalJson(forged));
  assert.deepEqual([r.ok, r.error.code], [false, 'answer_mismatch']);
  // In a log, the request edited with its hash made to agree: the dice no longer follow.
  const edited = edit(ls, 3, (o) => { o.request = form; o.requestHash = JSON.parse(swapped.message).requestHash; });
  const p = first(e, join(edited));
  assert.deepEqual([p.seq, p.code], [3, 'seed_mismatch']);
  // The honest completion is accepted by B and equals the example.
  const done = completeRoll(e, log, asked.player, answered.message);
  const accepted = acceptEntry(e, log, answered.player, done.entry);
  assert.equal(accepted.ok, true);
  assert.equal(accepted.log, join(ls.slice(0, 4)));
});

test('the walk-away: the answerer records a forfeit, both logs hold it, and the game goes on with fresh reveals', async () => {
  const e = await engine();
  const ls = lines(example);
  const log = join(ls.slice(0, 3));
  const { game, secretA, secretB, chainLength } = EXAMPLE;
  const A = { chainLength, format: 'grapeshot-game-player/1', game, role: 'A', secret: secretA };
  const B = { ...A, role: 'B', secret: secretB };
  const asked = requestRoll(e, log, A, EXAMPLE_ROLLS[2][1]);
  const answered = answerRoll(e, log, B, asked.message);
  // A learns the dice (it could complete the entry) and does not send it. B records the forfeit.
  assert.equal(forfeitRoll(e, log, B).error.code, 'invalid_value', 'no forfeit of a roll not answered');
  const forfeit = forfeitRoll(e, log, answered.player);
  assert.equal(forfeit.ok, true, JSON.stringify(forfeit.error));
  const f = JSON.parse(forfeit.entry);
  assert.deepEqual([f.forfeit, f.by, f.seq, Object.keys(f.reveals)], [true, 'A', 3, ['B']]);
  assert.equal('rolls' in f || 'seed' in f, false, 'a forfeit has no dice');
  // A's tool takes it for its pending request; another player's state refuses it.
  assert.equal(acceptEntry(e, log, A, forfeit.entry).error.code, 'answer_mismatch');
  const taken = acceptEntry(e, log, asked.player, forfeit.entry);
  assert.equal(taken.ok, true, JSON.stringify(taken.error));
  assert.equal(taken.log, forfeit.log);
  let v = verifyGameLog(e, forfeit.log);
  assert.equal(v.valid, true, JSON.stringify(v.problems));
  assert.deepEqual(v.entries.map((x) => x.forfeit ?? false), [false, false, true]);
  // The next roll uses both chains' values for entry 4: A's value for entry 3 is skipped, never used.
  const next = hotseatRoll(e, forfeit.log, { A: taken.player, B: forfeit.player }, 'B', EXAMPLE_ROLLS[3][1]);
  assert.equal(next.ok, true, JSON.stringify(next.error));
  v = verifyGameLog(e, next.log);
  assert.equal(v.valid, true, JSON.stringify(v.problems));
  assert.equal(JSON.parse(lines(next.log)[4]).reveals.A, chainReveal(game, 'A', secretA, chainLength, 4));
  // A forfeit tampered with: the answerer's reveal, a second reveal added, the request changed.
  const fl = lines(forfeit.log);
  const bad = (fn) => first(e, join(edit(fl, 3, fn)));
  assert.deepEqual([bad((o) => { o.reveals.B = chainReveal(game, 'B', secretB, chainLength, 4); }).code], ['bad_reveal']);
  assert.deepEqual([bad((o) => { o.reveals.A = chainReveal(game, 'A', secretA, chainLength, 3); }).code], ['bad_entry']);
  assert.deepEqual([bad((o) => { o.request.inputs.night = true; }).code], ['request_hash_mismatch']);
  assert.deepEqual([bad((o) => { o.forfeit = false; }).code], ['bad_entry']);
  // The completed entry, which only A could make, is still the real roll: it verifies in place of the forfeit.
  const done = completeRoll(e, log, asked.player, answered.message);
  assert.equal(verifyGameLog(e, done.log).valid, true);
});

test('a bad answer: a reveal off the chain, another request\'s hash, another game', async () => {
  const e = await engine();
  const ls = lines(example);
  const log = join(ls.slice(0, 2));
  const { game, secretA, secretB, chainLength } = EXAMPLE;
  const A = { chainLength, format: 'grapeshot-game-player/1', game, role: 'A', secret: secretA };
  const B = { ...A, role: 'B', secret: secretB };
  const asked = requestRoll(e, log, B, EXAMPLE_ROLLS[1][1]);
  const answer = JSON.parse(answerRoll(e, log, A, asked.message).message);
  const tamper = (fn) => { const a = structuredClone(answer); fn(a); return completeRoll(e, log, asked.player, canonicalJson(a)).error?.code; };
  assert.equal(tamper((a) => { a.reveal = chainReveal(game, 'A', secretA, chainLength, 3); }), 'bad_reveal');
  assert.equal(tamper((a) => { a.requestHash = 'f'.repeat(64); }), 'answer_mismatch');
  assert.equal(tamper((a) => { a.game = 'e'.repeat(64); }), 'wrong_game');
  assert.equal(tamper((a) => { a.seq = 3; }), 'sequence_gap');
  assert.equal(completeRoll(e, log, asked.player, 'not json').error.code, 'parse_error');
  assert.equal(answerRoll(e, log, A, asked.message.replace('"by":"B"', '"by":"A"')).error.code, 'invalid_value');
  assert.equal(requestRoll(e, log, A, { ...EXAMPLE_ROLLS[1][1], seed: 3 }).error.code, 'conflicting_fields');
  assert.equal(requestRoll(e, log, A, { ruleset: 'black-powder', procedure: 'break-test' }).error.path.startsWith('/request'), true);
});

test('two Node processes play by message: each side runs its own engine', async () => {
  const e = await engine();
  const child = spawn(process.execPath, [`${root}tests/js/gamelog-peer.mjs`], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const peer = async (op, args) => {
    child.stdin.write(`${JSON.stringify({ op, args })}\n`);
    return JSON.parse((await answers.next()).value);
  };
  // A here, B in child processes; B keeps its own state (the player object) between messages.
  const proposed = newGame(e, { players: { A: 'Anna', B: 'Ben' }, role: 'A', rulesets: ['napoleon-iii-1866'], chainLength: 8 });
  let b = await peer('join', [proposed.proposal]);
  assert.equal(b.ok, true, JSON.stringify(b));
  let A = proposed.player, B = b.player;
  let log = acceptGame(e, A, proposed.proposal, b.log).log;
  let logB = b.log;
  // A asks, B answers (in its process), A completes, B accepts.
  const asked = requestRoll(e, log, A, EXAMPLE_ROLLS[0][1]);
  b = await peer('answer', [logB, B, asked.message]);
  assert.equal(b.ok, true, JSON.stringify(b));
  B = b.player;
  const done = completeRoll(e, log, asked.player, b.message);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  A = done.player; log = done.log;
  b = await peer('accept', [logB, B, done.entry]);
  assert.equal(b.ok, true, JSON.stringify(b));
  B = b.player; logB = b.log;
  // Now B asks (its process builds the request and later the entry), A answers here.
  b = await peer('request', [logB, B, EXAMPLE_ROLLS[1][1]]);
  B = b.player;
  const answered = answerRoll(e, log, A, b.message);
  A = answered.player;
  b = await peer('complete', [logB, B, answered.message]);
  assert.equal(b.ok, true, JSON.stringify(b));
  const accepted = acceptEntry(e, log, A, b.entry);
  assert.equal(accepted.ok, true, JSON.stringify(accepted.error));
  assert.equal(accepted.log, b.log, 'both processes hold the same log');
  assert.equal(verifyGameLog(e, accepted.log).valid, true);
  child.stdin.end();
});

test('verifyGameLog in the worker: the same report, off the main thread', async () => {
  const { createEngineWorker } = await import('grapeshot/worker');
  const worker = createEngineWorker();
  try {
    const v = await worker.verifyGameLog(example);
    assert.deepEqual([v.valid, v.entries.length], [true, EXAMPLE_ROLLS.length]);
    const ls = lines(example);
    const bad = await worker.verifyGameLog(join([ls[0], ls[2], ls[1], ls[3], ls[4]]));
    assert.deepEqual([bad.valid, bad.problems[0].seq, bad.problems[0].code], [false, 2, 'sequence_gap']);
    assert.deepEqual((await worker.verifyGameLog(7)).error.code, 'wrong_type');
  } finally {
    worker.terminate();
  }
});

test('the README\'s two-player exchange runs as written', async () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## A game log both players can verify'));
  const code = /```js\n([\s\S]*?)```/.exec(section)[1];
  mkdirSync(`${root}build`, { recursive: true });
  const file = `${root}build/readme-gamelog.mjs`;  // inside the package, so 'grapeshot' resolves to it
  writeFileSync(file, code);
  const out = execFileSync(process.execPath, [file], { cwd: root }).toString();
  assert.match(out, /valid: true/);
  assert.match(out, /entry 1 by A:/);
  assert.match(out, /seed_mismatch/);
});

// npm run soak raises it (GRAPESHOT_GAMELOG_FUZZ_N); npm test keeps to about a second.
const FUZZ_N = Number(process.env.GRAPESHOT_GAMELOG_FUZZ_N ?? 100);

test('random and mutated log texts: never a throw, always an answer naming the line', async () => {
  const e = await engine();
  // Our PRNG for the mutations (a fixed LCG), so every run tests the same texts.
  let s = 12345;
  const rand = (n) => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return s % n; };
  const alphabet = '{}[]":,0123456789abcdefAB\n \\ué\u0000';
  const texts = [undefined, null, 42, {}, [], '', '\n', '\n\n', 'null', '{}', '[]', '"x"', example.slice(0, 100), example + example, example.replace(/\n/g, '\r\r\n')];
  // Mail on Windows ends lines with CR LF: the same log.
  assert.equal(verifyGameLog(e, example.replace(/\n/g, '\r\n')).valid, true);
  for (let i = 0; i < FUZZ_N; i++) {
    const b = [...example];
    const kind = rand(4);
    if (kind === 0) b[rand(b.length)] = alphabet[rand(alphabet.length)];
    else if (kind === 1) b.splice(rand(b.length), rand(40));
    else if (kind === 2) b.splice(rand(b.length), 0, ...Array.from({ length: rand(10) + 1 }, () => alphabet[rand(alphabet.length)]));
    else { const ls = lines(example); ls.splice(1 + rand(ls.length - 1), 0, ls[rand(ls.length)]); texts.push(join(ls)); continue; }
    texts.push(b.join(''));
  }
  for (let i = 0; i < 30; i++) texts.push(Array.from({ length: rand(300) }, () => alphabet[rand(alphabet.length)]).join(''));
  for (const t of texts) {
    const v = verifyGameLog(e, t);
    if (typeof t !== 'string') {
      assert.deepEqual([v.ok, v.error.code], [false, 'wrong_type']);
      continue;
    }
    assert.equal(v.ok, true);
    if (t === example) continue;
    if (!v.valid) {
      assert.ok(v.problems.length > 0);
      for (const p of v.problems) assert.ok(Number.isInteger(p.seq) && Number.isInteger(p.line) && typeof p.code === 'string' && typeof p.path === 'string' && p.message);
    } else assert.equal(t.trimEnd(), example.trimEnd());  // only a mutation that changes nothing verifies
  }
  // Structured: one value anywhere in one line replaced, the line kept canonical, so the mutation
  // reaches the shape, chain, request and re-resolution checks. The first problem is at that line.
  const pool = [null, 0, -1, 1.5, 2 ** 32, '', 'x', 'A', 'B', '0'.repeat(64), [], {}, true, false, [1, 2], { a: 1 }];
  const ls = lines(example);
  for (let i = 0; i < FUZZ_N; i++) {
    const k = rand(ls.length);
    const o = JSON.parse(ls[k]);
    // A random node of the line's tree, then one of its members replaced.
    let node = o;
    for (let depth = rand(4); depth > 0; depth--) {
      const kids = Object.values(node).filter((v) => v !== null && typeof v === 'object' && Object.keys(v).length);
      if (!kids.length) break;
      node = kids[rand(kids.length)];
    }
    const keys = Object.keys(node);
    if (!keys.length) continue;
    node[keys[rand(keys.length)]] = structuredClone(pool[rand(pool.length)]);
    const mutated = canonicalJson(o);
    if (mutated === ls[k]) continue;
    const v = verifyGameLog(e, join(ls.map((l, j) => (j === k ? mutated : l))));
    assert.equal(v.valid, false, `line ${k + 1}: ${mutated}`);
    // A header still well formed but changed (a title, an anchor) shows at entry 1, which links to it.
    assert.ok(v.problems[0].line === k + 1 || (k === 0 && v.problems[0].line === 2), `line ${k + 1}: ${JSON.stringify(v.problems[0])}`);
  }
  // The engine still answers afterwards.
  assert.equal(verifyGameLog(e, example).valid, true);
});
