// The wrapper never throws, whatever it is handed, and odds refuses what resolve refuses (issue 14,
// parity): each case failed before (a throw, or odds answering ok where resolve refused).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from './support.mjs';

const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } };
const known = { ...morale, dice: [5] };

function isFailure(r, code) {
  assert.equal(r.ok, false, JSON.stringify(r).slice(0, 300));
  if (code) assert.equal(r.error.code, code);
  assert.equal(typeof r.error.path, 'string');
}

test('the wrapper never throws for any argument', async () => {
  const e = await engine();
  const hostile = [
    { toString() { throw new Error('boom'); } },
    { get ruleset() { throw new Error('getter'); } },
    new Proxy({}, { ownKeys() { throw new Error('proxy'); } }),
    Symbol('s'), 10n, () => 1, undefined, null,
  ];
  for (const v of hostile) {
    for (const call of ['resolve', 'odds', 'lookup', 'table', 'verify']) {
      let r;
      assert.doesNotThrow(() => { r = e[call](v); }, `${call}(${typeof v})`);
      isFailure(r);
    }
    let text;
    assert.doesNotThrow(() => { text = e.resolveJson(v); }, `resolveJson(${typeof v})`);
    isFailure(JSON.parse(text));
  }
  const batchOptions = [null, 1, 'odds', { call: null }, { call: 7 }, { get call() { throw new Error('x'); } }];
  for (const [i, options] of batchOptions.entries()) {
    let r;
    assert.doesNotThrow(() => { r = e.batch([known], options); }, `batch options case ${i}`);
    if (!Array.isArray(r)) isFailure(r);
  }
  assert.equal(e.batch([known], null)[0].ok, true, 'null options mean the defaults');
  assert.equal(e.resolve(known).result.passed, false, 'still answers a known request');
});

test('text after a NUL is refused like JSON.parse refuses it', async () => {
  const e = await engine();
  const text = JSON.stringify(known);
  assert.throws(() => JSON.parse(`${text}\u0000garbage`));
  isFailure(JSON.parse(e.resolveJson(`${text}\u0000garbage`)), 'parse_error');
  isFailure(JSON.parse(e.resolveJson(`${text}\u0000`)), 'parse_error');
  isFailure(JSON.parse(e.resolveJson(`${text} trailing`)), 'parse_error');
});

test('odds and resolve refuse invalid dice, seed, receipt, commitReveal, trace and sensitivity alike', async () => {
  const e = await engine();
  const cases = [{ dice: ['x'] }, { seed: -1 }, { seed: '1' }, { dice: [3], seed: 1 }, { receipt: 'yes' },
    { commitReveal: {} }, { commitReveal: 1, seed: 1 },
    // issue 30: odds took a face off the die, too few dice and any trace; resolve took any sensitivity
    { dice: [7] }, { dice: [0] }, { dice: [] }, { trace: 'no' }, { trace: 1 }, { sensitivity: 42 }, { sensitivity: 'some' }];
  for (const extra of cases) {
    const req = { ...morale, ...extra };
    const resolved = e.resolve(req);
    const odds = e.odds(req);
    isFailure(resolved);
    isFailure(odds);
    assert.equal(odds.error.code, resolved.error.code, JSON.stringify(extra));
    assert.equal(odds.error.path, resolved.error.path, JSON.stringify(extra));
  }
  assert.equal(e.odds({ ...morale, dice: [3] }).ok, true, 'valid dice are accepted (and ignored) by odds');
  for (const ok of [{ trace: false }, { sensitivity: 'all' }, { sensitivity: false }]) {
    assert.equal(e.resolve({ ...morale, ...ok }).ok, true, JSON.stringify(ok));
    assert.equal(e.odds({ ...morale, ...ok }).ok, true, JSON.stringify(ok));
  }
});

test('typed lookups answer as lookup() does, pair by pair; bad arguments are error envelopes', async () => {
  const e = await engine();
  const pairs = new Int32Array(2 * 14 * 21);
  let k = 0;
  for (let c = -1; c <= 12; c++) for (let r = -5; r <= 15; r++) { pairs[k++] = c; pairs[k++] = r; }
  const out = e.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, pairs);
  assert.equal(out.ok, true);
  assert.ok(out.codes instanceof Int32Array);
  assert.equal(out.codes.length, pairs.length / 2);
  for (let i = 0; i < out.codes.length; i++) {
    const one = e.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: pairs[2 * i], roll: pairs[2 * i + 1] });
    if (!one.ok) assert.equal(out.codes[i], -1);
    else assert.equal(out.cells[out.codes[i]], one.cell ?? '');
  }
  assert.equal(e.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, [0, 1]).error.code, 'wrong_type');
  assert.equal(e.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, new Int32Array(3)).error.path, '/pairs');
  assert.equal(e.lookupCodes({ ruleset: 'battles-of-waterloo', table: 'shock' }, new Int32Array(2)).error.path, '/side');
  assert.equal(e.lookupCodes(null, new Int32Array(2)).error.code, 'invalid_request');
});

test('typed lookups copy what they checked: a lying length, a detached buffer (issue 30)', async () => {
  const e = await engine();
  const header = { ruleset: 'napoleon-iii-1866', table: 'combat' };
  const before = e.memory().wasmBytes;
  // A length getter that tells the check 2 and anything read later 2^27 (before: 134,217,728 codes
  // and 1,541 MiB of module memory).
  const lying = new Int32Array([8, 6]);
  let reads = 0;
  Object.defineProperty(lying, 'length', { get: () => (reads++ ? 1 << 27 : 2) });
  const out = e.lookupCodes(header, lying);
  assert.equal(out.ok, true);
  assert.equal(out.codes.length, 1);
  assert.equal(out.cells[out.codes[0]], 'D+1');
  assert.equal(reads, 0, 'the instance\'s own length is never read');
  const always = new Int32Array([8, 6]);
  Object.defineProperty(always, 'length', { get: () => 1 << 27 });
  assert.equal(e.lookupCodes(header, always).codes.length, 1);
  // A subclass whose length lies, and an object dressed as an Int32Array.
  class Liar extends Int32Array { get length() { return 1 << 27; } }
  assert.equal(e.lookupCodes(header, new Liar([8, 6, 8, 6])).codes.length, 2);
  assert.equal(e.lookupCodes(header, Object.create(Int32Array.prototype)).error.code, 'wrong_type');
  // A detached buffer (transferred away): refused, no abort (before: 6,891 "Aborted()" lines).
  const detached = new Int32Array([8, 6]);
  structuredClone(detached.buffer, { transfer: [detached.buffer] });
  const d = e.lookupCodes(header, detached);
  assert.equal(d.ok, false);
  assert.equal(d.error.code, 'invalid_value');
  assert.equal(d.error.path, '/pairs');
  assert.ok(e.memory().wasmBytes - before < 16 << 20, `module memory grew by ${e.memory().wasmBytes - before} bytes`);
  assert.equal(e.lookupCodes(header, new Int32Array([8, 6])).codes[0] >= 0, true, 'still answering');
});

test('typed lookups take at most 1,048,576 pairs per call', async () => {
  const e = await engine();
  const header = { ruleset: 'napoleon-iii-1866', table: 'combat' };
  assert.equal(e.lookupCodes(header, new Int32Array(2 * 1024 * 1024)).codes.length, 1024 * 1024);
  assert.equal(e.lookupCodes(header, new Int32Array(2 * 1024 * 1024 + 2)).error.code, 'request_too_large');
});
