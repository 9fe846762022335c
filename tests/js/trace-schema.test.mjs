// The trace is a closed set of step kinds, each with one shape, declared once in src/core/trace.json:
// every step of every fixture, traced with its own dice and with 20 seeds, validates against the
// generated JSON Schema (bindings/js/trace.schema.json: closed objects, exact field types).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { engine, fixtureFiles } from './support.mjs';
import { describeStep, stepRenderers } from '../../web/render.mjs';
import { setCatalogs, setLang } from '../../web/i18n.mjs';
import { webCatalogs } from '../../scripts/build-web.mjs';

// The calculator's words, as scripts/build-web.mjs gives them to the page.
setCatalogs(webCatalogs());

const read = (rel) => JSON.parse(readFileSync(new URL(`../../${rel}`, import.meta.url), 'utf8'));
const schema = read('bindings/js/trace.schema.json');
const declared = Object.keys(read('src/core/trace.json').kinds);
const validate = new Ajv({ allErrors: false, strict: true }).compile(schema);

test('the schema rejects what the declarations forbid', () => {
  const table = { kind: 'table', table: 'combat', columnIndex: 2, columnLabel: '2', row: '4', rowIndex: 4, cell: 'D', die: 'd6', natural: 4, drm: 0, modified: 4 };
  assert.ok(validate(table), JSON.stringify(validate.errors));
  assert.ok(validate({ ...table, scale: 'infantry' }), 'an optional field of its own');
  assert.ok(!validate({ ...table, rowIndex: undefined }), 'a table step without its row index');
  assert.ok(!validate({ ...table, column: '2' }), 'an undeclared field');
  assert.ok(!validate({ ...table, columnIndex: undefined }), 'a missing field');
  assert.ok(!validate({ ...table, columnIndex: '2' }), 'a field of the wrong type');
  assert.ok(!validate({ ...table, kind: 'tableRead' }), 'an undeclared kind');
  assert.ok(!validate({ kind: 'note', ref: 'V-01' }), 'a note without its reason');
  assert.ok(!validate({ kind: 'multiplier', factor: '1/2', before: { num: 3, den: 1 }, after: { num: 3, den: 2 }, rounding: 'exact', label: 'x1/2' }),
    'a factor as text');
});

test('every trace step of every fixture, traced with 20 seeds, has exactly its kind\'s shape', async () => {
  const e = await engine();
  const seen = new Set();
  let steps = 0;
  for (const { rel, cases } of fixtureFiles())
    for (const c of cases) {
      if ((c.call ?? 'resolve') !== 'resolve' || !c.request) continue;
      const { dice, seed, ...rest } = c.request;
      const requests = [c.request, ...Array.from({ length: 20 }, (_, i) => ({ ...rest, seed: 1 + i * 7919 }))];
      for (const request of requests) {
        const r = e.resolve(request);
        for (const [i, step] of (r.trace ?? []).entries()) {
          steps++;
          seen.add(step.kind);
          if (!validate(step))
            assert.fail(`${rel} :: ${c.name} (seed ${request.seed ?? 'dice'}): trace/${i} ${JSON.stringify(step)}: ${JSON.stringify(validate.errors)}`);
          // The calculator renders it from its fields, in each language: nothing missing, no message id.
          for (const lang of ['en', 'fr']) {
            setLang(lang);
            const words = describeStep(step).join(' ');
            if (/undefined|NaN|\[object|\bweb\./.test(words)) assert.fail(`${rel} :: ${c.name}: trace/${i} renders in ${lang} as "${words}"`);
          }
        }
      }
    }
  assert.ok(steps > 10000, `${steps} steps`);
  // Every declared kind occurs: a kind no procedure records any more is dropped from trace.json.
  assert.deepEqual(declared.filter((k) => !seen.has(k)), []);
});

test('the calculator has one renderer per declared step kind', () => {
  assert.deepEqual(Object.keys(stepRenderers).sort(), [...declared].sort());
});
