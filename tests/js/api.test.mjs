// The public JS API: createEngine, rulesets(), resolve/resolveJson, lookup, dice and seeds, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { engine } from './support.mjs';

const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } };

test('rulesets() describes procedures with JSON Schema inputs and options', async () => {
  const e = await engine();
  const all = e.rulesets();
  const r = all.find((x) => x.id === 'napoleon-iii-1866');
  assert.ok(r, 'napoleon-iii-1866 is described');
  assert.deepEqual(r.procedures.map((p) => p.name), ['fire', 'shock', 'morale', 'rally', 'movement']);
  const shock = r.procedures.find((p) => p.name === 'shock');
  assert.equal(shock.inputs.type, 'object');
  assert.deepEqual(shock.inputs.required, ['attacker', 'defender']);
  const unit = shock.inputs.properties.attacker.properties.units.items;
  assert.deepEqual(unit.properties.type.enum, ['infantry', 'cavalry', 'artillery']);
  assert.equal(unit.properties.type['x-enumLabels'].length, 3);
  assert.equal(r.options.V05_mode.default, 'roll_under');
  assert.equal(r.options.V05_mode.ruling, 'V-05');
  assert.match(r.dataHash, /^[0-9a-f]{64}$/, "SHA-256 of the embedded ruleset data");
  // A copy: callers cannot corrupt the engine's description.
  r.procedures.length = 0;
  assert.equal(e.rulesets().find((x) => x.id === 'napoleon-iii-1866').procedures.length, 5);
});

test('each data hash is SHA-256 of ruleset.json, a line feed and tables.json, as embedded', async () => {
  // Computed at build time (cmake/EmbedRuleset.cmake); recomputed here from the files by the
  // documented definition, so a receipt's hash can be checked without the engine.
  const e = await engine();
  for (const r of e.rulesets()) {
    const folder = new URL(`../../src/rulesets/${r.id.replaceAll('-', '_')}/`, import.meta.url);
    const embedded = (f) => readFileSync(new URL(f, folder), 'utf8').replace(/\r?\n[ \t]*/g, '');
    const text = `${embedded('ruleset.json')}\n${embedded('tables.json')}`;
    assert.equal(r.dataHash, createHash('sha256').update(text).digest('hex'), r.id);
  }
});

test('the same seed gives the same rolls and result; no seed draws one and reports it', async () => {
  const e = await engine();
  const a = e.resolve({ ...morale, seed: 123456789 });
  const b = e.resolve({ ...morale, seed: 123456789 });
  assert.equal(a.ok, true);
  assert.deepEqual(a, b);
  assert.equal(a.seed, 123456789);
  const drawn = e.resolve(morale);
  assert.equal(drawn.ok, true);
  assert.ok(Number.isInteger(drawn.seed) && drawn.seed >= 0 && drawn.seed <= 0xffffffff);
  assert.deepEqual(e.resolve({ ...morale, seed: drawn.seed }), drawn, 'the reported seed reproduces the roll');
});

test('supplied dice are used in order and reported, with no seed', async () => {
  const e = await engine();
  const r = e.resolve({ ...morale, dice: [5] });
  assert.equal(r.ok, true);
  assert.deepEqual(r.rolls, [{ die: 'd6', natural: 5, purpose: 'morale test of the unit' }]);
  assert.equal(r.result.passed, false);
  assert.equal('seed' in r, false);
});

test('resolveJson takes and returns JSON text', async () => {
  const e = await engine();
  const out = JSON.parse(e.resolveJson(JSON.stringify({ ...morale, dice: [4] })));
  assert.equal(out.ok, true);
  assert.equal(out.result.passed, true);
});

// Text meets the module in its memory as UTF-8 (encodeInto, TextDecoder): text beyond ASCII takes a
// second, larger encoding pass, and must come back unchanged in the answer.
test('request and response text beyond ASCII pass through the module unchanged', async () => {
  const e = await engine();
  for (const key of ['é', 'Großgörschen — 1813', '🎲'.repeat(50), 'x'.repeat(3000) + 'é']) {
    const out = JSON.parse(e.resolveJson(JSON.stringify({ ...morale, [key]: 1 })));
    assert.equal(out.error.code, 'unknown_field');
    assert.equal(out.error.path, `/${key}`);
  }
  // And the module keeps answering plain requests after them.
  assert.equal(JSON.parse(e.resolveJson(JSON.stringify({ ...morale, dice: [4] }))).result.passed, true);
});

test('lookup reads the printed combat table', async () => {
  const e = await engine();
  assert.deepEqual(e.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: 4, roll: 5 }).cell, 'D');
  assert.equal(e.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: 9, roll: 5 }).error.code, 'out_of_range');
});

test('bad input never throws, and the module keeps answering afterwards', async () => {
  const e = await engine();
  const cases = [
    [() => e.resolve(null), 'invalid_request', ''],
    [() => e.resolve([1, 2]), 'invalid_request', ''],
    [() => e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: NaN } }), 'wrong_type', '/unit/morale'],
    [() => e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 2n } }), 'invalid_request', ''],
    [() => JSON.parse(e.resolveJson('{"ruleset": ')), 'parse_error', ''],
    [() => JSON.parse(e.resolveJson('\u00ff\u00fe')), 'parse_error', ''],
    [() => JSON.parse(e.resolveJson('['.repeat(100000))), 'request_too_large', ''],   // over 16 KiB: refused unparsed
    [() => JSON.parse(e.resolveJson('['.repeat(10000))), 'parse_error', ''],
    [() => e.resolve({ ...morale, dice: [] }), 'dice_exhausted', '/dice'],
    [() => e.resolve({ ...morale, dice: [7] }), 'die_out_of_range', '/dice/0'],
    [() => e.resolve({ ...morale, seed: -1 }), 'out_of_range', '/seed'],
    [() => e.resolve({ ...morale, seed: 2 ** 32 }), 'out_of_range', '/seed'],
    [() => e.resolve({ ...morale, options: { V99: true } }), 'unknown_option', '/options/V99'],
  ];
  for (const [call, code, path] of cases) {
    const r = call();
    assert.equal(r.ok, false);
    assert.deepEqual([r.error.code, r.error.path], [code, path], r.error.message);
    assert.equal(typeof r.error.message, 'string');
    assert.equal(e.resolve({ ...morale, dice: [4] }).result.passed, true, 'still answers after bad input');
  }
});

test('a batch past the 16 MiB answer cap keeps the answers that fit and marks the rest (issue 30)', async () => {
  const e = await engine();
  // 20,000 traced morale resolves with receipts (~1.3 KB each): before, the whole batch failed at
  // item ~12,400 and every answer was lost.
  const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, receipt: true };
  const out = e.batch(Array.from({ length: 20000 }, (_, i) => ({ ...morale, seed: i })));
  assert.ok(Array.isArray(out), JSON.stringify(out).slice(0, 200));
  assert.equal(out.length, 20000);
  const first = out.findIndex((r) => !r.ok);
  assert.ok(first > 5000 && first < 20000, `first unanswered item ${first}`);
  assert.deepEqual(out[first - 1], e.resolve({ ...morale, seed: first - 1 }), 'the answers kept are the one-by-one answers');
  for (let i = first; i < out.length; i++) {
    assert.equal(out[i].error.code, 'request_too_large');
    assert.equal(out[i].error.path, `/${i}`);
  }
  assert.match(out[first].error.message, new RegExp(`at item ${first}\\b`));
});
