// Summaries say what the result says (issue 25): who is eliminated, who routs or retreats, how every
// check came out. A result's summary derived from it ("x-summary" in results.json) carries its
// sentences as messages.summary [{id, params}]; results.json marks each member that decides a fact
// with "x-says": {value: [sentence ids]}. For every fixture resolution and a few seeded re-rolls:
// each marked member's value must be stated by one of its sentences, and no sentence may state another
// value of it (a passed check summarised as failed, a unit that stays summarised as fleeing).
// Driven by the declarations alone: a ruleset plugs in by marking its results.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine, fixtureFiles, resultSchemas } from './support.mjs';

const schemas = resultSchemas();
const catalog = JSON.parse(readFileSync(new URL('../../src/messages/en.json', import.meta.url), 'utf8')).messages;
const resolve = (schema, defs) => (schema?.$ref ? defs[schema.$ref.replace('#/definitions/', '')] : schema);

/** Where the summary's sentences break the result's "x-says" marks, or null; `marks` counts each mark's values met. */
function summaryMismatch(result, schema, defs, marks) {
  const said = result.messages.summary.map((s) => s.id);
  const problems = [];
  // A mark inside a list or a shared definition (each unit's checks) has one value per item: a sentence
  // another item's value wants (one unit passes, another fails) is no contradiction.
  const valuesAt = new Map();
  const walk = (value, s, path, check) => {
    s = resolve(s, defs);
    if (!s || value === undefined) return;
    const says = s['x-says'];
    if (says && !check) for (const v of Array.isArray(value) ? value : [value]) valuesAt.set(says, new Set([...(valuesAt.get(says) ?? []), String(v)]));
    if (says && check) {
      for (const v of Array.isArray(value) ? value : [value]) {
        const key = String(v);
        marks.set(`${path}=${key}`, (marks.get(`${path}=${key}`) ?? 0) + 1);
        const wanted = says[key] ?? [];
        const present = valuesAt.get(says) ?? new Set([key]);
        const allowed = Object.entries(says).filter(([k]) => present.has(k)).flatMap(([, ids]) => ids);
        const others = Object.entries(says).filter(([k]) => k !== key).flatMap(([, ids]) => ids).filter((id) => !allowed.includes(id));
        if (wanted.length && !said.some((id) => wanted.includes(id))) problems.push(`${path} is ${key}, but no sentence says so (${wanted.join(' | ')})`);
        const contrary = said.filter((id) => others.includes(id));
        if (contrary.length) problems.push(`${path} is ${key}, but the summary says ${contrary.join(', ')}`);
      }
    }
    if (Array.isArray(value) && s.items) value.forEach((x, i) => walk(x, s.items, `${path}/${i}`.replace(/\/\d+$/, '[]'), check));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(s.properties ?? {})) if (k !== 'messages') walk(value[k], v, `${path}/${k}`, check);
  };
  walk(result, schema, '', false);
  walk(result, schema, '', true);
  return problems.length ? problems.join('; ') : null;
}

test('every derived summary states each fact its result decides, and none it does not', async () => {
  const e = await engine();
  const marks = new Map();
  let checked = 0;
  for (const { rel, cases } of fixtureFiles()) {
    for (const c of cases) {
      if ((c.call ?? 'resolve') !== 'resolve' || !c.request || typeof c.request !== 'object') continue;
      const s = schemas[c.request.ruleset];
      const schema = resolve(s?.procedures[c.request.procedure], s?.definitions ?? {});
      if (!schema?.properties?.summary?.['x-summary']) continue;
      const { dice, ...rest } = c.request;
      for (const request of [c.request, ...[1, 2, 3, 4, 5].map((seed) => ({ ...rest, seed, trace: false }))]) {
        const r = e.resolve(request);
        if (!r.ok) continue;
        const where = `${rel} :: ${c.name} (seed ${request.seed ?? 'dice'})`;
        const sentences = r.result.messages?.summary;
        assert.ok(Array.isArray(sentences) && sentences.length > 0, `${where}: no messages.summary`);
        for (const { id } of sentences) assert.ok(id in catalog && id.startsWith(`${r.ruleset}.`), `${where}: ${id} is not a ${r.ruleset} message`);
        assert.equal(summaryMismatch(r.result, schema, s.definitions, marks), null, where);
        checked++;
      }
    }
  }
  assert.ok(checked > 100, `${checked} summaries checked`);
  // Each mark's "true" / "false" (and every value it lists with sentences) is met at least once: the
  // fixtures exercise both sides of every check.
  const unmet = [];
  for (const [id, s] of Object.entries(schemas)) {
    const seek = (schema, path, proc) => {
      schema = resolve(schema, s.definitions);
      if (!schema) return;
      for (const [value, ids] of Object.entries(schema['x-says'] ?? {}))
        if (ids.length && !marks.has(`${path}=${value}`) && proc.ok) unmet.push(`${id}/${proc.name}${path}=${value}`);
      if (schema.items) seek(schema.items, `${path}[]`, proc);
      for (const [k, v] of Object.entries(schema.properties ?? {})) seek(v, `${path}/${k}`, proc);
    };
    for (const [name, p] of Object.entries(s.procedures)) {
      const schema = resolve(p, s.definitions);
      seek(schema, '', { name, ok: Boolean(schema.properties?.summary?.['x-summary']) });
    }
  }
  // Marks are per procedure path; the same path in two procedures shares a count, which is enough here.
  assert.deepEqual(unmet, [], 'marked values no fixture reaches');
});

test('a summary that drops a check, or contradicts one, is caught', () => {
  const s = schemas['grande-tactique'];
  const schema = s.procedures.charge;
  const result = {
    attackers: { natural: 2, drm: 0, modified: 2, needs: 4, passed: false, chargers: 1 },
    target: { rolled: false }, outcome: 'chargeFailed', attackerStates: ['shaken'],
    messages: { summary: [{ id: 'grande-tactique.summary.attackersCheckFailed', params: {} }, { id: 'grande-tactique.result.chargeChargeFailed', params: {} }] },
  };
  assert.equal(summaryMismatch(result, schema, s.definitions, new Map()), null);
  const dropped = { ...result, messages: { summary: [result.messages.summary[1]] } };
  assert.match(summaryMismatch(dropped, schema, s.definitions, new Map()), /attackers\/passed is false, but no sentence/);
  const contrary = { ...result, messages: { summary: [...result.messages.summary, { id: 'grande-tactique.summary.attackersCheckPassed', params: {} }] } };
  assert.match(summaryMismatch(contrary, schema, s.definitions, new Map()), /the summary says grande-tactique.summary.attackersCheckPassed/);
});
