// The trace's step kinds are a closed set defined once in the engine (src/core/trace.h): the
// TypeScript declarations (generated.d.ts, by scripts/gen-types.mjs) list the same names, and every step of every fixture response has one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine, fixtureFiles, runCase } from './support.mjs';

const read = (rel) => readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8');

function engineKinds() {
  const block = read('src/core/trace.h').match(/kStepKindNames\{([^}]*)\}/);
  assert.ok(block, 'kStepKindNames not found in src/core/trace.h');
  return [...block[1].matchAll(/"(\w+)"/g)].map((m) => m[1]);
}

function declaredKinds() {
  const block = read('bindings/js/generated.d.ts').match(/export type TraceKind =([^;]*);/);
  assert.ok(block, 'TraceKind not found in bindings/js/generated.d.ts');
  return [...block[1].matchAll(/["'](\w+)["']/g)].map((m) => m[1]);
}

test('the declarations list exactly the engine\'s step kinds, in order', () => {
  const kinds = engineKinds();
  assert.ok(kinds.length >= 20);
  assert.deepEqual(declaredKinds(), kinds);
});

test('every trace step of every fixture response is of a declared kind', async () => {
  const e = await engine();
  const kinds = new Set(declaredKinds());
  const seen = new Set();
  for (const { rel, cases } of fixtureFiles())
    for (const c of cases)
      for (const step of runCase(e, c).trace ?? []) {
        assert.ok(kinds.has(step.kind), `${rel} :: ${c.name}: step kind ${step.kind}`);
        seen.add(step.kind);
      }
  // The fixtures exercise most kinds, so this test would notice steps going missing altogether.
  assert.ok(seen.size >= 15, `only ${[...seen].join(', ')}`);
});
