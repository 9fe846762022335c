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

test('odds refuses invalid dice, seed, receipt and commitReveal exactly as resolve does', async () => {
  const e = await engine();
  const cases = [{ dice: ['x'] }, { seed: -1 }, { seed: '1' }, { dice: [3], seed: 1 }, { receipt: 'yes' },
    { commitReveal: {} }, { commitReveal: 1, seed: 1 }];
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
});
