// bindings/js/generated.d.ts is what scripts/gen-types.mjs makes of the rulesets today: a schema
// edited without regenerating fails here (run `node scripts/gen-types.mjs`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test('generated.d.ts and trace.schema.json are current with the rulesets, error codes and trace steps', () => {
  const dir = mkdtempSync(join(tmpdir(), 'grapeshot-types-'));
  execFileSync(process.execPath, [join(root, 'scripts/gen-types.mjs'), dir]);
  const fresh = readFileSync(join(dir, 'generated.d.ts'), 'utf8');
  const freshSchema = readFileSync(join(dir, 'trace.schema.json'), 'utf8');
  const freshWords = readFileSync(join(dir, 'words.js'), 'utf8');
  rmSync(dir, { recursive: true });
  assert.ok(fresh.includes('"odds_too_complex"') && fresh.includes('"black-powder"') && fresh.includes('TraceStepTable'),
    'the generator read the sources');
  assert.equal(readFileSync(join(root, 'bindings/js/generated.d.ts'), 'utf8'), fresh,
    'bindings/js/generated.d.ts is stale: run `node scripts/gen-types.mjs` and commit it');
  assert.equal(readFileSync(join(root, 'bindings/js/trace.schema.json'), 'utf8'), freshSchema,
    'bindings/js/trace.schema.json is stale: run `node scripts/gen-types.mjs` and commit it');
  assert.equal(readFileSync(join(root, 'bindings/js/words.js'), 'utf8'), freshWords,
    'bindings/js/words.js is stale: run `node scripts/gen-types.mjs` and commit it');
});

test('every procedure of every ruleset (and each alias) has a request type', async () => {
  const text = readFileSync(join(root, 'bindings/js/generated.d.ts'), 'utf8');
  const { createEngine } = await import('grapeshot');
  for (const r of (await createEngine()).rulesets()) {
    for (const p of r.procedures) {
      const names = [p.name, ...p.aliases].map((n) => JSON.stringify(n)).join(' | ');
      assert.ok(text.includes(`RequestEnvelope<${JSON.stringify(r.id)}, ${names},`), `${r.id} ${p.name}`);
    }
  }
});

// Odds.distributions is typed by the procedures' declared tallies (results.json "tallies", generated
// into TalliesByRuleset): what the engine really answers must be among them, each value of its type.
test("every tally the odds answer is one its procedure declares, of the declared type (Odds' types)", async () => {
  const { readdirSync } = await import('node:fs');
  const { engine, fixtureFiles } = await import('./support.mjs');
  const e = await engine();
  const declared = {};
  for (const d of readdirSync(join(root, 'src/rulesets'))) {
    const id = JSON.parse(readFileSync(join(root, 'src/rulesets', d, 'ruleset.json'), 'utf8')).id;
    declared[id] = JSON.parse(readFileSync(join(root, 'src/rulesets', d, 'results.json'), 'utf8')).tallies;
  }
  // A tally's type may be a list (movement's cost: ["integer", "string"], a cost or "prohibited").
  const fits = (schema, v) => (schema.enum ? schema.enum.includes(v)
    : [].concat(schema.type).some((t) => ({ boolean: typeof v === 'boolean', integer: Number.isInteger(v),
      number: typeof v === 'number', string: typeof v === 'string' }[t])));
  const requests = fixtureFiles().flatMap(({ cases }) => cases)
    .filter((c) => (c.call ?? 'resolve') === 'resolve' && c.request && typeof c.request === 'object' && !Array.isArray(c.request))
    .map((c) => c.request);
  let checked = 0;
  for (const rs of e.rulesets()) {
    for (const p of rs.procedures) {
      const tallies = declared[rs.id][p.name];
      for (const r of requests.filter((q) => q.ruleset === rs.id && [p.name, ...p.aliases].includes(q.procedure)).slice(0, 4)) {
        const o = e.odds({ ...r, sensitivity: false });
        if (!o.ok) continue;
        for (const [k, values] of Object.entries(o.distributions)) {
          assert.ok(tallies?.[k], `${rs.id} ${p.name}: tally ${k} is not declared in results.json`);
          for (const { value } of values) assert.ok(fits(tallies[k], value), `${rs.id} ${p.name}: ${k} = ${JSON.stringify(value)}`);
        }
        checked++;
      }
    }
  }
  assert.ok(checked >= 30, `${checked} odds checked`);
});
