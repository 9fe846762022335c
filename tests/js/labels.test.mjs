// Every value a player picks is shown in the rules' words: each enum of every procedure's inputs and
// of every ruleset option, as rulesets() ships it, carries a display label per value (x-enumLabels),
// and no label is an identifier.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from './support.mjs';

function* enums(schema, path) {
  if (!schema || typeof schema !== 'object') return;
  if (Array.isArray(schema.enum)) yield [path, schema];
  for (const [k, v] of Object.entries(schema.properties ?? {})) yield* enums(v, `${path}/${k}`);
  if (schema.items) yield* enums(schema.items, `${path}/*`);
}

test('every enum value of every input and option has a display label', async () => {
  const e = await engine();
  let count = 0;
  for (const rs of e.rulesets()) {
    const schemas = [...rs.procedures.map((p) => [`${rs.id} ${p.name}`, p.inputs]),
      ...Object.entries(rs.options).map(([name, o]) => [`${rs.id} option ${name}`, o])];
    for (const [where, schema] of schemas)
      for (const [path, s] of enums(schema, '')) {
        count++;
        const labels = s['x-enumLabels'];
        assert.ok(Array.isArray(labels) && labels.length === s.enum.length, `${where}${path}: ${JSON.stringify(s.enum)} has no label per value`);
        for (const l of labels) assert.doesNotMatch(l, /^[a-z]+[A-Z]\w*$|_/, `${where}${path}: label "${l}" reads as an identifier`);
      }
  }
  assert.ok(count > 100, `only ${count} enums seen`);
});
