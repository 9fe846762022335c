// The npm package: `import { createEngine } from 'grapeshot'` works from the repository root
// (self-reference through the exports map), and the declared files exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test("import { createEngine } from 'grapeshot' works from the repository root", () => {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e',
    "import { createEngine } from 'grapeshot'; const e = await createEngine(); " +
    "console.log(JSON.stringify(e.lookup({ruleset:'napoleon-iii-1866',table:'combat',column:8,roll:6})))"], { cwd: root });
  assert.deepEqual(JSON.parse(out.toString()).cell, 'D+1');
});

test('package.json exports map and files point at real files', () => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8'));
  assert.equal(pkg.name, 'grapeshot');
  assert.equal(pkg.type, 'module');
  const targets = (v) => (typeof v === 'string' ? [v] : Object.values(v).flatMap(targets));
  for (const f of targets(pkg.exports)) assert.ok(existsSync(`${root}/${f}`), f);
  // Bundlers building for browsers take `browser`; Node takes `node`: only that file imports node: modules.
  for (const entry of ['.', './worker']) {
    assert.ok(pkg.exports[entry].node && pkg.exports[entry].browser && pkg.exports[entry].default, entry);
    assert.doesNotMatch(readFileSync(`${root}/${pkg.exports[entry].browser}`, 'utf8'), /from 'node:/, entry);
  }
});

test('createEngine: the wasm is exported, a compiled module can be passed, engines are independent', async () => {
  const { createEngine } = await import('grapeshot');
  const wasmPath = fileURLToPath(import.meta.resolve('grapeshot/grapeshot.wasm'));
  assert.ok(existsSync(wasmPath), 'grapeshot/grapeshot.wasm resolves to the engine');
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  const [a, b] = await Promise.all([createEngine({ wasmModule: module }), createEngine()]);
  const lookup = { ruleset: 'napoleon-iii-1866', table: 'combat', column: 8, roll: 6 };
  assert.equal(a.lookup(lookup).cell, 'D+1');
  assert.equal(b.lookup(lookup).cell, 'D+1');
  assert.equal((await createEngine({ wasmUrl: new URL(`file://${wasmPath}`) })).lookup(lookup).cell, 'D+1');
  assert.notEqual(a.memory, undefined);
});

test('createEngine: a wasm that cannot be loaded names the URL tried and the options that fix it', async () => {
  const { createEngine } = await import('grapeshot');
  await assert.rejects(createEngine({ wasmUrl: 'file:///nowhere/grapeshot-core.wasm' }),
    (e) => /file:\/\/\/nowhere\/grapeshot-core\.wasm/.test(e.message) && /wasmUrl \| wasmBinary \| wasmModule/.test(e.message));
});

test('the package ships a LICENSE', () => {
  const pkg = JSON.parse(readFileSync(new URL('package.json', `file://${root}`), 'utf8'));
  assert.ok(pkg.files.includes('LICENSE'));
  assert.match(readFileSync(`${root}/LICENSE`, 'utf8'), /MIT License/);
});

// Issue 26: growth is seen at the commit that causes it. Budgets (gzip -9 bytes) a little above
// today's sizes — a ratchet, not the target (`npm run bench` prints the 150 KB target); lower them
// as the bytes go, never raise them without saying why in the commit.
const BYTE_BUDGETS = {
  'dist/grapeshot-core.wasm': 436 * 1024,  // 427,012 at 986ca77 (typed outputs cost +54 KB: issue 26)
  'dist/grapeshot-core.mjs': 10 * 1024,
};
test('the module and its glue stay within their byte budgets (gzip -9)', async () => {
  const { gzipSync } = await import('node:zlib');
  for (const [file, budget] of Object.entries(BYTE_BUDGETS)) {
    const gz = gzipSync(readFileSync(`${root}/${file}`), { level: 9 }).length;
    assert.ok(gz <= budget, `${file}: ${gz} bytes gzip -9, over its budget of ${budget}`);
  }
});
