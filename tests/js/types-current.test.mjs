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
  rmSync(dir, { recursive: true });
  assert.ok(fresh.includes('"odds_too_complex"') && fresh.includes('"black-powder"') && fresh.includes('TraceStepTable'),
    'the generator read the sources');
  assert.equal(readFileSync(join(root, 'bindings/js/generated.d.ts'), 'utf8'), fresh,
    'bindings/js/generated.d.ts is stale: run `node scripts/gen-types.mjs` and commit it');
  assert.equal(readFileSync(join(root, 'bindings/js/trace.schema.json'), 'utf8'), freshSchema,
    'bindings/js/trace.schema.json is stale: run `node scripts/gen-types.mjs` and commit it');
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
