// The declared result shapes (src/rulesets/*/results.json, the source of the TypeScript result types)
// against what the engine answers: every fixture's resolution and 20 seeded re-rolls of each must
// match its procedure's schema with every object closed, and every declared member must turn up at
// least once, so the types neither miss a field nor promise one the engine never writes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, fixtureFiles, resultMismatch, resultSchemas } from './support.mjs';

const schemas = resultSchemas();

test('every procedure of ruleset.json has a result schema, and no other', () => {
  for (const [id, s] of Object.entries(schemas)) assert.deepEqual(Object.keys(s.procedures), s.declared, id);
});

test('every resolution matches its result schema, and every declared member occurs', async () => {
  const e = await engine();
  const seen = new Set();
  let checked = 0;
  for (const { rel, cases } of fixtureFiles()) {
    for (const c of cases) {
      if ((c.call ?? 'resolve') !== 'resolve' || !c.request || typeof c.request !== 'object') continue;
      const requests = [c.request];
      for (let seed = 1; seed <= 20; seed++) {
        const { dice, ...rest } = c.request;
        requests.push({ ...rest, seed });
      }
      for (const request of requests) {
        const r = e.resolve(request);
        if (!r.ok) continue;
        const s = schemas[r.ruleset];
        const where = `${r.ruleset}/${r.procedure}`;
        const m = resultMismatch(r.result, s.procedures[r.procedure], s.definitions, '/result', where, seen);
        assert.equal(m, null, `${rel} :: ${c.name} (seed ${request.seed ?? 'dice'}): ${m}`);
        checked++;
      }
    }
  }
  // Every declared member, in the procedures and the definitions they use.
  const unseen = [];
  const walk = (schema, where, defs) => {
    if (schema.$ref) return;
    if (!seen.has(where)) unseen.push(where);
    if (schema.items) walk(schema.items, `${where}[]`, defs);
    for (const [k, v] of Object.entries(schema.properties ?? {})) walk(v, `${where}/${k}`, defs);
  };
  for (const [id, s] of Object.entries(schemas)) {
    for (const [p, schema] of Object.entries(s.procedures)) walk(schema, `${id}/${p}`, s.definitions);
    for (const [d, schema] of Object.entries(s.definitions)) walk(schema, `#/definitions/${d}`, s.definitions);
  }
  assert.deepEqual(unseen, [], 'declared but never answered');
  assert.ok(checked > 5000, `${checked} resolutions checked`);
});
