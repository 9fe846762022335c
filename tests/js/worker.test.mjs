// grapeshot/worker in Node (worker_threads): the same answers as the engine, and an AbortSignal
// that ends a long odds job, after which the next call is answered by a new worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createEngineWorker } from 'grapeshot/worker';
import { engine } from './support.mjs';

const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
const unit = (i) => ({ strength: 3 + (i % 3), steps: 3, cohesion: 4 });
// Within the budget but seconds of work: six attackers, three defenders, every sensitivity flip.
const longOdds = { ruleset: 'battles-of-waterloo', procedure: 'shock', sensitivity: true,
  attacker: { units: Array.from({ length: 6 }, (_, i) => unit(i)) }, defender: { units: Array.from({ length: 3 }, (_, i) => unit(i)) } };

test('the worker answers as the engine does, errors as envelopes', async () => {
  const w = createEngineWorker();
  const e = await engine();
  assert.deepEqual(await w.resolve(morale), e.resolve(morale));
  assert.deepEqual(await w.odds({ ...morale, sensitivity: false }), e.odds({ ...morale, sensitivity: false }));
  assert.deepEqual(await w.batch([morale, morale], { call: 'odds' }), e.batch([morale, morale], { call: 'odds' }));
  assert.equal((await w.resolve({ ...morale, unit: { morale: '4' } })).error.code, 'wrong_type');
  // What cannot cross to the worker is refused like any bad input, and the worker goes on answering.
  assert.equal((await w.resolve({ ...morale, unit: { morale: () => 4 } })).error.code, 'invalid_request');
  assert.equal((await w.resolve({ ...morale, unit: { morale: 4n } })).error.code, 'invalid_request');
  const codes = await w.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, new Int32Array([8, 6]));
  assert.equal(codes.cells[codes.codes[0]], 'D+1');
  assert.deepEqual((await w.rulesets()).map((r) => r.id), e.rulesets().map((r) => r.id));
  assert.equal(await w.version(), e.version);
  w.terminate();
});

test('aborting a long odds job rejects it with an AbortError; the next call gets a new worker', async () => {
  const w = createEngineWorker();
  const controller = new AbortController();
  const job = w.odds(longOdds, { signal: controller.signal });
  const queued = w.resolve(morale);  // waits behind the job; moved to the new worker, not lost
  setTimeout(() => controller.abort(), 50);
  await assert.rejects(job, (e) => e.name === 'AbortError');
  assert.equal((await queued).result.passed, true);
  assert.equal((await w.resolve(morale)).ok, true);
  // An already aborted signal: refused before anything is posted.
  await assert.rejects(w.resolve(morale, { signal: AbortSignal.abort() }), (e) => e.name === 'AbortError');
  w.terminate();
});

test('a worker whose .wasm cannot be loaded rejects with the URL it tried', async () => {
  const bad = createEngineWorker({ wasmUrl: 'file:///nowhere/grapeshot-core.wasm' });
  await assert.rejects(bad.resolve(morale), /file:\/\/\/nowhere\/grapeshot-core\.wasm/);
  bad.terminate();
});

test('the worker starts under the host\'s process-wide flags (issue 30: ERR_WORKER_INVALID_EXEC_ARGV)', () => {
  // As `npm run bench` runs (--expose-gc), with a heap limit, and from `node -e` (--input-type).
  const script = `import { createEngineWorker } from 'grapeshot/worker';
    const w = createEngineWorker();
    const r = await w.resolve(${JSON.stringify(morale)});
    console.log(JSON.stringify(r.result.passed)); w.terminate();`;
  const out = execFileSync(process.execPath, ['--max-old-space-size=512', '--expose-gc', '--input-type=module', '-e', script],
    { cwd: new URL('../..', import.meta.url), encoding: 'utf8', timeout: 30_000 });
  assert.equal(out.trim(), 'true');
});
