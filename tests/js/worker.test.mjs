// grapeshot/worker: the engine in a worker thread, the same answers as in the calling thread, and
// an AbortSignal that stops a running odds job by terminating the worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';

const lookup = { ruleset: 'napoleon-iii-1866', table: 'combat', column: 8, roll: 6 };
const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
const shock = {  // 121 dice sequences, 19 what-ifs: milliseconds of work in the worker
  ruleset: 'battles-of-waterloo', procedure: 'shock',
  attacker: { units: [1, 2, 3].map(() => ({ strength: 6, type: 'infantry', cohesion: 5, steps: 4 })) },
  defender: { units: [1, 2].map(() => ({ strength: 5, type: 'infantry', cohesion: 5, steps: 4 })) },
};

test('a worker answers every call as the engine does in the calling thread', async () => {
  const engine = await createEngine();
  const worker = createEngineWorker();
  try {
    assert.deepEqual(await worker.resolve(morale), engine.resolve(morale));
    assert.deepEqual(await worker.odds(shock), engine.odds(shock));
    assert.deepEqual(await worker.lookup(lookup), engine.lookup(lookup));
    assert.deepEqual(await worker.batch([morale, { ruleset: 'nope' }], { call: 'resolve' }), engine.batch([morale, { ruleset: 'nope' }]));
    const codes = await worker.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, new Int32Array([8, 6, 99, 0]));
    assert.deepEqual([...codes.codes].map((c) => (c < 0 ? null : codes.cells[c])), ['D+1', null]);
    assert.deepEqual((await worker.rulesets()).map((r) => r.id), engine.rulesets().map((r) => r.id));
    assert.equal((await worker.resolve({ ruleset: 'nope' })).error.code, 'unknown_ruleset');
  } finally {
    worker.terminate();
  }
});

test('aborting a call rejects it with an AbortError; calls queued behind it still answer', async () => {
  const worker = createEngineWorker();
  try {
    await worker.lookup(lookup);  // the worker is up
    const controller = new AbortController();
    const running = worker.odds(shock, { signal: controller.signal });
    const queued = worker.lookup(lookup);
    controller.abort();
    await assert.rejects(running, { name: 'AbortError' });
    assert.equal((await queued).cell, 'D+1');
    assert.equal((await worker.odds(shock)).ok, true, 'a fresh worker takes the next call');
    await assert.rejects(worker.resolve(morale, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  } finally {
    worker.terminate();
  }
});

test('terminate rejects pending calls; a bad wasm URL rejects with the URL tried', async () => {
  const worker = createEngineWorker();
  const pending = worker.odds(shock);
  worker.terminate();
  await assert.rejects(pending, { name: 'AbortError' });
  const broken = createEngineWorker({ wasmUrl: 'file:///nowhere/grapeshot-core.wasm' });
  await assert.rejects(broken.resolve(morale), /file:\/\/\/nowhere\/grapeshot-core\.wasm/);
  broken.terminate();
});
