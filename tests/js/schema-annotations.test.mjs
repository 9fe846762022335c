// The schema annotations the calculator reads. Every value a player picks is shown in the rules'
// words: each enum of every procedure's inputs and of every ruleset option, as rulesets() ships it,
// carries a display label per value (x-enumLabels), and no label is an identifier.
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

// `x-relevantWhen: {sibling: [values]}` hides a field unless a sibling enum has one of those values
// (web/form.mjs): each must name a sibling enum of the same object, with values it has.
function* objects(schema, path) {
  if (!schema || typeof schema !== 'object') return;
  if (schema.properties) yield [path, schema];
  for (const [k, v] of Object.entries(schema.properties ?? {})) yield* objects(v, `${path}/${k}`);
  if (schema.items) yield* objects(schema.items, `${path}/*`);
}

test('every x-relevantWhen names a sibling enum and values it has', async () => {
  const e = await engine();
  let count = 0;
  for (const rs of e.rulesets())
    for (const p of rs.procedures)
      for (const [path, obj] of objects(p.inputs, ''))
        for (const [key, sub] of Object.entries(obj.properties))
          for (const [sibling, values] of Object.entries(sub['x-relevantWhen'] ?? {})) {
            count++;
            const where = `${rs.id} ${p.name}${path}/${key}`;
            assert.ok(obj.properties[sibling]?.enum, `${where}: no sibling enum ${sibling}`);
            for (const v of values) assert.ok(obj.properties[sibling].enum.includes(v), `${where}: ${sibling} has no value ${v}`);
          }
  assert.ok(count >= 9, `only ${count} seen`);
});
