// Roll receipts and the commit–reveal seed through the public JS API: the wrapper's helpers agree
// byte for byte with the engine, honest runs verify, cheating runs are caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { checkCommitment, checkContext, commitSeed, deriveSeed, newSecret, sha256Hex } from 'grapeshot';
import { engine } from './support.mjs';

const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } };
const A = '1111111111111111111111111111111111111111111111111111111111111111';
const B = '2222222222222222222222222222222222222222222222222222222222222222';

test('sha256Hex matches FIPS 180-4 and node:crypto', () => {
  assert.equal(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  for (let n = 0; n < 300; n += 7) {
    const s = 'é'.repeat(n) + 'x'.repeat(n % 13);
    assert.equal(sha256Hex(s), createHash('sha256').update(s).digest('hex'), `length ${n}`);
  }
});

test('commitSeed/deriveSeed follow the documented byte layout', async () => {
  const e = await engine();
  const bytes = (hex) => Buffer.from(hex, 'hex');
  const h = e.canonical(morale).hash;
  assert.equal(h, createHash('sha256').update(e.canonical(morale).canonical).digest('hex'));
  const ctx = 'game 7, turn 3, shock 1';
  assert.equal(commitSeed(A, 'A', h, ctx), createHash('sha256').update(Buffer.concat([Buffer.from('grapeshot commit v3\0A'), bytes(h), bytes(A), Buffer.from(ctx)])).digest('hex'));
  assert.notEqual(commitSeed(A, 'B', h, ctx), commitSeed(A, 'A', h, ctx), 'the role is bound into the commitment');
  assert.notEqual(commitSeed(A, 'A', h, 'game 7, turn 3, shock 2'), commitSeed(A, 'A', h, ctx), 'the context is bound into the commitment');
  assert.notEqual(commitSeed(A, 'A', e.canonical({ ...morale, unit: { morale: 5 } }).hash, ctx), commitSeed(A, 'A', h, ctx), 'the request is bound into the commitment');
  assert.equal(commitSeed(A, 'A', h), commitSeed(A, 'A', h, ''), 'no context is the empty one');
  const d = createHash('sha256').update(Buffer.concat([Buffer.from('grapeshot seed v3\0'), bytes(A), bytes(B), bytes(h), Buffer.from('game 7, turn 3, shock 1')])).digest();
  assert.equal(deriveSeed(A, B, h, 'game 7, turn 3, shock 1'), d.readUInt32BE(0));
  assert.notEqual(deriveSeed(B, A, h, 'game 7, turn 3, shock 1'), deriveSeed(A, B, h, 'game 7, turn 3, shock 1'));
  assert.match(newSecret(), /^[0-9a-f]{64}$/);
  assert.notEqual(newSecret(), newSecret());
  assert.equal(checkCommitment(commitSeed(A, 'A', h, ctx), A, 'A', h, ctx), true);
  assert.equal(checkCommitment(commitSeed(A, 'A', h, ctx), A, 'B', h, ctx), false);
  assert.equal(checkCommitment(commitSeed(A, 'A', h, ctx), B, 'A', h, ctx), false);
  assert.equal(checkCommitment(commitSeed(A, 'A', h, ctx), A, 'A', h, 'game 8'), false);
  assert.equal(checkCommitment(commitSeed(A, 'A', h, ctx), 'nonsense', 'A', h, ctx), false);
  assert.throws(() => commitSeed('ABCD', 'A', h), TypeError);
  assert.throws(() => commitSeed(A, 'C', h), TypeError);
  assert.throws(() => commitSeed(A, 'A'), TypeError, 'a commitment binds the request hash: it is required');
  assert.throws(() => commitSeed(A, 'A', h, 'game  7'), TypeError);
  assert.throws(() => deriveSeed(A, 'AB'.repeat(32), h), TypeError);
  assert.throws(() => deriveSeed(A, A, h), TypeError, 'one secret for both sides');
  assert.throws(() => deriveSeed(A, B, 'x'), TypeError, 'a request hash is 32 bytes of hex');
});

test('the JS helpers refuse exactly the contexts the engine refuses', async () => {
  const e = await engine();
  const h = e.canonical(morale).hash;
  const contexts = ['', 'game 7, turn 3, shock 1', 'game 7 ', ' game 7', 'game  7', 'game\u00a07', 'game\u200b7', 'game\t7',
    'gam\u00e9', 'x'.repeat(256), 'x'.repeat(257), '\ud800', null, 7];
  for (const context of contexts) {
    let helper = true;
    try { checkContext(context); } catch (err) { assert.ok(err instanceof TypeError); helper = false; }
    // The engine checks the context before the commitments (made here for '' when commitSeed refuses it).
    const commitments = helper ? [commitSeed(A, 'A', h, context), commitSeed(B, 'B', h, context)] : [commitSeed(A, 'A', h), commitSeed(B, 'B', h)];
    const r = e.resolve({ ...morale, commitReveal: { commitments, secrets: [A, B], context } });
    assert.equal(r.ok, helper, `${JSON.stringify(context)}: engine ${JSON.stringify(r.error ?? r.seed)}, helper ${helper}`);
    if (!r.ok && r.error.code !== 'parse_error') assert.equal(r.error.path, '/commitReveal/context');  // a lone surrogate never reaches the engine
    if (r.ok) assert.equal(r.seed, deriveSeed(A, B, e.canonical(morale).hash, context));
  }
});

test('README worked example', async () => {
  const e = await engine();
  const { hash } = e.canonical(morale);
  const cA = commitSeed(A, 'A', hash, 'game 7, turn 3, shock 1'), cB = commitSeed(B, 'B', hash, 'game 7, turn 3, shock 1');
  const seed = deriveSeed(A, B, hash, 'game 7, turn 3, shock 1');
  const r = e.resolve({ ...morale, commitReveal: { commitments: [cA, cB], secrets: [A, B], context: 'game 7, turn 3, shock 1' }, receipt: true });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.seed, seed, 'the engine derives the same seed as the wrapper');
  console.log(`# worked example: commitA ${cA} commitB ${cB} request ${hash} seed ${seed} rolls ${JSON.stringify(r.receipt.rolls)} passed ${r.result.passed}`);
  assert.deepEqual(e.verify(r.receipt, { requireCommitReveal: true }), { ok: true, valid: true, format: 'grapeshot-receipt/3', diceSource: 'commitReveal', problems: [] });
});

test('honest two-player run: commit, exchange, reveal, resolve, verify', async () => {
  const e = await engine();
  for (let round = 0; round < 20; round++) {
    const secretA = newSecret(), secretB = newSecret();
    const hash = e.canonical(morale).hash, context = `round ${round}`;  // 0. the request and context agreed
    const commitments = [commitSeed(secretA, 'A', hash, context), commitSeed(secretB, 'B', hash, context)];  // 1. exchanged first
    // 2. each side checks the other's revealed secret against the commitment it holds
    assert.ok(checkCommitment(commitments[0], secretA, 'A', hash, context) && checkCommitment(commitments[1], secretB, 'B', hash, context));
    const r = e.resolve({ ...morale, commitReveal: { commitments, secrets: [secretA, secretB], context: `round ${round}` }, receipt: true });
    assert.equal(r.ok, true);
    assert.equal(r.seed, deriveSeed(secretA, secretB, e.canonical(morale).hash, `round ${round}`));
    assert.deepEqual(e.verify(r.receipt), { ok: true, valid: true, format: 'grapeshot-receipt/3', diceSource: 'commitReveal', problems: [] });
    // The receipt survives a round trip through JSON text (e.g. a chat message).
    assert.equal(e.verify(JSON.parse(JSON.stringify(r.receipt)), { requireCommitReveal: true }).valid, true);
  }
});

test('cheating runs are caught', async () => {
  const e = await engine();
  const h = e.canonical(morale).hash;
  const commitments = [commitSeed(A, 'A', h), commitSeed(B, 'B', h)];
  // B sees A's secret and reveals a different secret of its own to steer the dice.
  const swapped = e.resolve({ ...morale, commitReveal: { commitments, secrets: [A, newSecret()] } });
  assert.equal(swapped.ok, false);
  assert.deepEqual([swapped.error.code, swapped.error.path], ['commitment_mismatch', '/commitReveal/secrets/1']);
  // The roles swapped, mirrored commitments, one secret twice: refused.
  const roles = e.resolve({ ...morale, commitReveal: { commitments: [commitments[1], commitments[0]], secrets: [B, A] } });
  assert.equal(roles.error.code, 'commitment_mismatch');
  const mirrored = e.resolve({ ...morale, commitReveal: { commitments: [commitments[0], commitments[0]], secrets: [A, A] } });
  assert.deepEqual([mirrored.error.code, mirrored.error.path], ['conflicting_fields', '/commitReveal/commitments/1']);
  // The same commitments and secrets for another request are refused (the commitments bind the
  // request), and a receipt of the agreed request cannot be passed off for a different one.
  const agreed = e.resolve({ ...morale, commitReveal: { commitments, secrets: [A, B] }, receipt: true });
  assert.equal(e.resolve({ ...morale, unit: { morale: 6 }, commitReveal: { commitments, secrets: [A, B] } }).error.code, 'commitment_mismatch');
  const h6 = e.canonical({ ...morale, unit: { morale: 6 } }).hash;
  const otherRequest = e.resolve({ ...morale, unit: { morale: 6 }, commitReveal: { commitments: [commitSeed(A, 'A', h6), commitSeed(B, 'B', h6)], secrets: [A, B] } });
  assert.notEqual(agreed.seed, otherRequest.seed);
  const moved = structuredClone(agreed.receipt);
  moved.request.unit.morale = 6;
  moved.rolls = otherRequest.rolls.map((r) => r.natural);
  moved.result = otherRequest.result;
  let v = e.verify(moved);
  assert.equal(v.valid, false, JSON.stringify(v));
  assert.ok(v.problems.some((p) => p.code === 'commitment_mismatch'), JSON.stringify(v));
  // A changes its commitment afterwards to match a new secret: B's copy of the commitment differs,
  // and a receipt edited to hide it no longer verifies.
  const forged = structuredClone(agreed.receipt);
  const other = newSecret();
  forged.request.commitReveal.secrets[0] = other;
  v = e.verify(forged);
  assert.equal(v.valid, false);
  assert.ok(v.problems.some((p) => p.code === 'commitment_mismatch' && p.path === '/request/commitReveal/secrets/0'), JSON.stringify(v));
  forged.request.commitReveal.commitments[0] = commitSeed(other, 'A', h);
  v = e.verify(forged);
  assert.equal(v.valid, false, 'a re-committed secret gives another seed');
  assert.ok(v.problems.some((p) => p.code === 'seed_mismatch'), JSON.stringify(v));
  // A seeded receipt rewritten as supplied dice says so, and a host requiring commit–reveal refuses it.
  const seededReceipt = e.resolve({ ...morale, seed: 31337, receipt: true }).receipt;
  const asDice = structuredClone(seededReceipt);
  asDice.request.dice = asDice.rolls;
  delete asDice.request.seed;
  delete asDice.seed;
  asDice.diceSource = 'supplied';
  assert.equal(e.verify(asDice).diceSource, 'supplied');
  assert.equal(e.verify(asDice, { requireCommitReveal: true }).valid, false);
  // Anything in request.sensitivity is neither recorded nor accepted.
  const echoed = structuredClone(seededReceipt);
  echoed.request.sensitivity = { note: 'pay me' };
  assert.ok(e.verify(echoed).problems.some((p) => p.path === '/request/sensitivity'));
  // A player edits a seeded receipt: dice, result, request, options, seed, ruleset data.
  const honest = e.resolve({ ...morale, dice: [1], receipt: true }).receipt;
  assert.equal(e.verify(honest).valid, true);
  const edits = {
    dice: (x) => { x.rolls[0] = 6; },
    result: (x) => { x.result.passed = !x.result.passed; },
    request: (x) => { x.request.unit.morale = 0; },
    options: (x) => { x.request.options.V05_mode = 'roll_plus_ge_7'; },
    'ruleset data': (x) => { x.dataHash = '0'.repeat(64); },
    'engine version': (x) => { x.engine = '9.9.9'; },
    'supplied dice and recorded rolls together': (x) => { x.request.dice = [6]; x.rolls = [6]; },
  };
  for (const [what, edit] of Object.entries(edits)) {
    const t = structuredClone(honest);
    edit(t);
    const res = e.verify(t);
    assert.equal(res.ok, true);
    assert.equal(res.valid, false, `${what}: ${JSON.stringify(res)}`);
    assert.ok(res.problems.length > 0 && res.problems.every((p) => typeof p.code === 'string' && p.path.startsWith('/')));
  }
  assert.equal(e.verify(seededReceipt).valid, true);
  assert.equal(e.verify({ ...seededReceipt, seed: 31338 }).valid, false);
  // Not receipts: error envelopes, never a verdict and never a throw.
  assert.equal(e.verify(null).error.code, 'invalid_request');
  assert.equal(e.verify({ ...seededReceipt, format: 'x' }).error.path, '/format');
  assert.equal(e.verify(1n).error.code, 'invalid_request');
});

test('batch seeds are per-item hashes of the batch seed, not one PCG32 stream', async () => {
  const e = await engine();
  const out = e.batch(Array.from({ length: 4 }, () => morale));
  const seeds = out.map((r) => r.seed);
  assert.equal(new Set(seeds).size, 4);
  // Each item resolves exactly as a request with its seed would.
  out.forEach((r, i) => assert.deepEqual(e.resolve({ ...morale, seed: seeds[i] }).rolls, r.rolls, `item ${i}`));
});

test('the batch seed is 256 bits; item i takes SHA-256("grapeshot batch v2" 00 || seed || i) (issue 30)', async () => {
  const e = await engine();
  // The draw the wrapper makes, observed: with 32 bits, one item's seed gave the batch seed away.
  const draws = [];
  const real = globalThis.crypto.getRandomValues;
  globalThis.crypto.getRandomValues = function (a) {
    const r = real.call(this, a);
    draws.push(Buffer.from(a.buffer, a.byteOffset, a.byteLength));
    return r;
  };
  let out;
  try {
    out = e.batch(Array.from({ length: 3 }, () => morale));
  } finally {
    globalThis.crypto.getRandomValues = real;
  }
  assert.equal(draws.length, 1);
  assert.equal(draws[0].length, 32, 'the batch seed is 32 bytes');
  out.forEach((r, i) => {
    const index = Buffer.alloc(4);
    index.writeUInt32BE(i);
    const d = createHash('sha256').update('grapeshot batch v2\0').update(draws[0]).update(index).digest();
    assert.equal(r.seed, d.readUInt32BE(0), `item ${i}`);
  });
});

test('verify refuses a requirement that is not a boolean (issue 30: \'true\' silently required nothing)', async () => {
  const e = await engine();
  const seeded = e.resolve({ ...morale, seed: 5, receipt: true }).receipt;
  assert.equal(e.verify(seeded, { requireCommitReveal: true }).valid, false);
  for (const bad of ['true', 1, 'yes', {}, null]) {
    const v = e.verify(seeded, { requireCommitReveal: bad });
    assert.equal(v.ok, false, JSON.stringify(bad));
    assert.equal(v.error.code, 'wrong_type');
    assert.equal(v.error.path, '/requireCommitReveal');
  }
  assert.equal(e.verify(seeded, 'requireCommitReveal').error.code, 'wrong_type');
  assert.equal(e.verify(seeded, { requireCommitReveal: false }).valid, true);
  assert.equal(e.verify(seeded).valid, true);
  assert.equal(e.verify(seeded, null).valid, true, 'no options: no requirement');
});

// issue 30: the audit's grinds. Each commitment binds the canonical request's hash and the context,
// so with the secrets fixed nothing is left to choose: every reproduction below resolved (and
// verified with commit–reveal required) before.
const hex = (s) => Buffer.from(s, 'hex');
const shock = (i) => `game 7, turn 3, shock ${i}`;
const test1866 = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 3 } };

test('commit–reveal: the same secrets cannot be ground over 40 contexts', async () => {
  const e = await engine();
  const h = e.canonical(test1866).hash;
  const commitments = [commitSeed(A, 'A', h, shock(0)), commitSeed(B, 'B', h, shock(0))];
  const answered = [];
  for (let i = 0; i < 40; i++) {
    const r = e.resolve({ ...test1866, commitReveal: { commitments, secrets: [A, B], context: shock(i) }, receipt: true });
    if (r.ok) answered.push({ i, receipt: r.receipt });
    else assert.deepEqual([r.error.code, r.error.path], ['commitment_mismatch', '/commitReveal/secrets/0'], `context ${i}`);
  }
  assert.deepEqual(answered.map((a) => a.i), [0], 'only the context committed to resolves');
  assert.equal(e.verify(answered[0].receipt, { requireCommitReveal: true }).valid, true);
  // The honest receipt edited to another context (rolls and result made to match): not valid.
  const moved = structuredClone(answered[0].receipt);
  moved.request.commitReveal.context = shock(9);
  const again = e.resolve({ ...test1866, seed: deriveSeed(A, B, h, shock(9)) });
  moved.rolls = again.rolls.map((r) => r.natural);
  moved.result = again.result;
  const v = e.verify(moved, { requireCommitReveal: true });
  assert.equal(v.valid, false);
  assert.ok(v.problems.some((p) => p.code === 'commitment_mismatch'), JSON.stringify(v.problems));
});

test('commit–reveal: options that change nothing cannot be varied after the commitments', async () => {
  const e = await engine();
  const h = e.canonical(test1866).hash;  // the agreed request: default options
  const commitments = [commitSeed(A, 'A', h, shock(1)), commitSeed(B, 'B', h, shock(1))];
  let ok = 0, variants = 0;
  for (const V13_range of ['stacked', 'adjacent', 'commandRange'])
    for (const V15_attacker_only of [false, true])
      for (const V22_woods_road_disorganizes of [false, true]) {
        variants++;
        const options = { V13_range, V15_attacker_only, V22_woods_road_disorganizes };
        const r = e.resolve({ ...test1866, options, commitReveal: { commitments, secrets: [A, B], context: shock(1) } });
        if (r.ok) ok++;
        else assert.equal(r.error.code, 'commitment_mismatch');
      }
  assert.equal(variants, 12);
  assert.equal(ok, 1, 'only the options committed to (the defaults) resolve');
});

test('commit–reveal: revealed secrets cannot be reused for another request or context', async () => {
  const e = await engine();
  const h = e.canonical(test1866).hash;
  const exchanged = [commitSeed(A, 'A', h, shock(2)), commitSeed(B, 'B', h, shock(2))];
  assert.equal(e.resolve({ ...test1866, commitReveal: { commitments: exchanged, secrets: [A, B], context: shock(2) } }).ok, true);
  // A and B are public now. A Waterloo cohesion-8 check with the same commitments: refused.
  const waterloo = { ruleset: 'battles-of-waterloo', procedure: 'morale', unit: { cohesion: 8 } };
  for (let i = 0; i < 9; i++) {
    const r = e.resolve({ ...waterloo, commitReveal: { commitments: exchanged, secrets: [A, B], context: shock(i) } });
    assert.equal(r.error?.code, 'commitment_mismatch', `context ${i}`);
  }
  // Commitments recomputed from the public secrets make a receipt that verifies, but they are not the
  // ones exchanged before the reveal: the side that holds its own commitment sees the difference.
  const hw = e.canonical(waterloo).hash;
  const recomputed = [commitSeed(A, 'A', hw, shock(9)), commitSeed(B, 'B', hw, shock(9))];
  const r = e.resolve({ ...waterloo, commitReveal: { commitments: recomputed, secrets: [A, B], context: shock(9) }, receipt: true });
  assert.equal(r.ok, true);
  assert.notDeepEqual(r.receipt.request.commitReveal.commitments, exchanged);
  assert.equal(checkCommitment(exchanged[1], B, 'B', hw, shock(9)), false);
});

test('older receipts (grapeshot-receipt/2) verify as what they are; commit–reveal required refuses their unbound commitments', async () => {
  const e = await engine();
  const h = e.canonical(test1866).hash;
  const v2commit = (secret, role) => createHash('sha256').update(Buffer.concat([Buffer.from(`grapeshot commit v2\0${role}`), hex(secret)])).digest('hex');
  const v2seed = createHash('sha256').update(Buffer.concat([Buffer.from('grapeshot seed v2\0'), hex(A), hex(B), hex(h), Buffer.from(shock(3))])).digest().readUInt32BE(0);
  const made = e.resolve({ ...test1866, seed: v2seed, receipt: true }).receipt;
  // As engine 0.1.0 wrote it before issue 30.
  const old = { ...made, format: 'grapeshot-receipt/2', diceSource: 'commitReveal',
    request: { ...made.request, commitReveal: { commitments: [v2commit(A, 'A'), v2commit(B, 'B')], secrets: [A, B], context: shock(3) } } };
  delete old.request.seed;
  assert.deepEqual(e.verify(old), { ok: true, valid: true, format: 'grapeshot-receipt/2', diceSource: 'commitReveal', problems: [] });
  const strict = e.verify(old, { requireCommitReveal: true });
  assert.equal(strict.valid, false);
  assert.deepEqual(strict.problems.map((p) => [p.code, p.path]), [['commitment_unbound', '/format']]);
  // A v2 commitment is refused by resolve now.
  assert.equal(e.resolve({ ...test1866, commitReveal: old.request.commitReveal }).error.code, 'commitment_mismatch');
  // A v2 drawn seed was written into the request like a chosen one: both labels verify there.
  for (const diceSource of ['seed', 'drawn']) assert.equal(e.verify({ ...made, format: 'grapeshot-receipt/2', diceSource }).valid, true, diceSource);
});

test('a receipt shows whether its seed was chosen or drawn (issue 30, item 5)', async () => {
  const e = await engine();
  const drawn = e.resolve({ ...test1866, receipt: true }).receipt;
  assert.equal(drawn.diceSource, 'drawn');
  assert.equal('seed' in drawn.request, false, 'a drawn seed is the receipt\'s, not the request\'s');
  assert.equal(typeof drawn.seed, 'number');
  assert.equal(e.verify(drawn).valid, true);
  const chosen = e.resolve({ ...test1866, seed: drawn.seed, receipt: true }).receipt;
  assert.equal(chosen.diceSource, 'seed');
  assert.equal(chosen.request.seed, drawn.seed);
  assert.equal(e.verify(chosen).valid, true);
  // Relabelled, each is caught (before, "seed" and "drawn" were interchangeable).
  for (const [receipt, as] of [[drawn, 'seed'], [chosen, 'drawn']]) {
    const v = e.verify({ ...receipt, diceSource: as });
    assert.equal(v.valid, false, as);
    assert.deepEqual(v.problems.map((p) => p.code), ['dice_source_mismatch']);
  }
});
