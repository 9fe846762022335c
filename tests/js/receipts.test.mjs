// Roll receipts and the commit–reveal seed through the public JS API: the wrapper's helpers agree
// byte for byte with the engine, honest runs verify, cheating runs are caught.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { checkCommitment, commitSeed, deriveSeed, newSecret, sha256Hex } from 'grapeshot';
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

test('commitSeed/deriveSeed follow the documented byte layout', () => {
  const bytes = (hex) => Buffer.from(hex, 'hex');
  assert.equal(commitSeed(A), createHash('sha256').update(Buffer.concat([Buffer.from('grapeshot commit v1\0'), bytes(A)])).digest('hex'));
  const d = createHash('sha256').update(Buffer.concat([Buffer.from('grapeshot seed v1\0'), bytes(A), bytes(B), Buffer.from('game 7, turn 3, shock 1')])).digest();
  assert.equal(deriveSeed(A, B, 'game 7, turn 3, shock 1'), d.readUInt32BE(0));
  assert.notEqual(deriveSeed(B, A, 'game 7, turn 3, shock 1'), deriveSeed(A, B, 'game 7, turn 3, shock 1'));
  assert.match(newSecret(), /^[0-9a-f]{64}$/);
  assert.notEqual(newSecret(), newSecret());
  assert.equal(checkCommitment(commitSeed(A), A), true);
  assert.equal(checkCommitment(commitSeed(A), B), false);
  assert.equal(checkCommitment(commitSeed(A), 'nonsense'), false);
  assert.throws(() => commitSeed('ABCD'), TypeError);
  assert.throws(() => deriveSeed(A, 'AB'.repeat(32)), TypeError);
});

test('README worked example', async () => {
  const e = await engine();
  const cA = commitSeed(A), cB = commitSeed(B);
  const seed = deriveSeed(A, B, 'game 7, turn 3, shock 1');
  const r = e.resolve({ ...morale, commitReveal: { commitments: [cA, cB], secrets: [A, B], context: 'game 7, turn 3, shock 1' }, receipt: true });
  assert.equal(r.ok, true, JSON.stringify(r));
  assert.equal(r.seed, seed, 'the engine derives the same seed as the wrapper');
  console.log(`# worked example: commitA ${cA} commitB ${cB} seed ${seed} rolls ${JSON.stringify(r.receipt.rolls)} passed ${r.result.passed}`);
  assert.equal(e.verify(r.receipt).valid, true);
});

test('honest two-player run: commit, exchange, reveal, resolve, verify', async () => {
  const e = await engine();
  for (let round = 0; round < 20; round++) {
    const secretA = newSecret(), secretB = newSecret();
    const commitments = [commitSeed(secretA), commitSeed(secretB)];        // 1. exchanged first
    // 2. each side checks the other's revealed secret against the commitment it holds
    assert.ok(checkCommitment(commitments[0], secretA) && checkCommitment(commitments[1], secretB));
    const r = e.resolve({ ...morale, commitReveal: { commitments, secrets: [secretA, secretB], context: `round ${round}` }, receipt: true });
    assert.equal(r.ok, true);
    assert.equal(r.seed, deriveSeed(secretA, secretB, `round ${round}`));
    assert.deepEqual(e.verify(r.receipt), { ok: true, valid: true, problems: [] });
    // The receipt survives a round trip through JSON text (e.g. a chat message).
    assert.equal(e.verify(JSON.parse(JSON.stringify(r.receipt))).valid, true);
  }
});

test('cheating runs are caught', async () => {
  const e = await engine();
  const commitments = [commitSeed(A), commitSeed(B)];
  // B sees A's secret first and reveals a different secret of its own to steer the dice.
  const swapped = e.resolve({ ...morale, commitReveal: { commitments, secrets: [A, newSecret()] } });
  assert.equal(swapped.ok, false);
  assert.deepEqual([swapped.error.code, swapped.error.path], ['commitment_mismatch', '/commitReveal/secrets/1']);
  // A changes its commitment afterwards to match a new secret: B's copy of the commitment differs,
  // and a receipt edited to hide it no longer verifies.
  const r = e.resolve({ ...morale, commitReveal: { commitments, secrets: [A, B] }, receipt: true });
  const forged = structuredClone(r.receipt);
  const other = newSecret();
  forged.request.commitReveal.secrets[0] = other;
  let v = e.verify(forged);
  assert.equal(v.valid, false);
  assert.ok(v.problems.some((p) => p.code === 'commitment_mismatch' && p.path === '/request/commitReveal/secrets/0'), JSON.stringify(v));
  forged.request.commitReveal.commitments[0] = commitSeed(other);
  v = e.verify(forged);
  assert.equal(v.valid, false, 'a re-committed secret gives another seed');
  assert.ok(v.problems.some((p) => p.code === 'seed_mismatch'), JSON.stringify(v));
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
  const seeded = e.resolve({ ...morale, seed: 31337, receipt: true }).receipt;
  assert.equal(e.verify(seeded).valid, true);
  assert.equal(e.verify({ ...seeded, seed: 31338 }).valid, false);
  // Not receipts: error envelopes, never a verdict and never a throw.
  assert.equal(e.verify(null).error.code, 'invalid_request');
  assert.equal(e.verify({ ...seeded, format: 'x' }).error.path, '/format');
  assert.equal(e.verify(1n).error.code, 'invalid_request');
});
