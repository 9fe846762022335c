// The shared JSON fixtures, run against the WASM module. With GRAPESHOT_NATIVE_RESPONSES (set by
// `npm test` after the Catch2 run) every whole response must also equal the native one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { engine, fixtureFiles, runCase, subsetMismatch } from './support.mjs';

const nativePath = process.env.GRAPESHOT_NATIVE_RESPONSES;
const native = nativePath && existsSync(nativePath) ? JSON.parse(readFileSync(nativePath, 'utf8')) : null;

for (const { rel, cases } of fixtureFiles()) {
  test(`fixtures ${rel}`, async (t) => {
    const e = await engine();
    for (const c of cases) {
      await t.test(c.name, () => {
        const response = runCase(e, c);
        const mismatch = subsetMismatch(c.expect, response);
        assert.equal(mismatch, null, `${mismatch}\nresponse: ${JSON.stringify(response)}`);
        // `traceCites`: the rulings that decide the case, each the `ref` of some trace step.
        const refs = new Set((response.trace ?? []).flatMap((s) => String(s.ref ?? '').split(/,\s*/)));
        for (const id of c.traceCites ?? []) assert.ok(refs.has(id), `the trace does not cite ${id}`);
        if (native) assert.deepEqual(response, native[`${rel} :: ${c.name}`], 'WASM and native responses differ');
      });
    }
  });
}

test('native responses are available when npm test runs', { skip: !nativePath }, () => {
  assert.ok(native, `missing ${nativePath}: the Catch2 fixture run writes it`);
  assert.ok(Object.keys(native).length > 0);
});
