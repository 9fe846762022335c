// The npm package: `import { createEngine } from 'grapeshot'` works from the repository root
// (self-reference through the exports map), and the declared files exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
    (e) => /file:\/\/\/nowhere\/grapeshot-core\.wasm/.test(e.message) && ['wasmUrl', 'wasmBinary', 'wasmModule'].every((o) => e.message.includes(o)));
});

// Issue 29 item 8, in Node: what came back is said in words, relative paths are the caller's, and
// no hint of a browser bundler.
test('createEngine in Node: a file that is not WebAssembly is named with what it holds; a relative wasmUrl is the working directory\'s', async (t) => {
  const { createEngine } = await import('grapeshot');
  const { mkdtempSync, writeFileSync, copyFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'grapeshot-wasmurl-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><title>My app</title>');
  await assert.rejects(createEngine({ wasmUrl: join(dir, 'index.html') }), (e) =>
    e.message.includes(`file://${dir}/index.html is not WebAssembly`) && e.message.includes('"<!doctype html><html><title>My app</title>"') &&
    /wasmUrl/.test(e.message) && !/magic word|esbuild/.test(e.message));
  await assert.rejects(createEngine({ wasmBinary: new TextEncoder().encode('Not Found') }),
    /the wasmBinary given is not WebAssembly \(it begins "Not Found"\)/);
  // './x.wasm' from a script run in `dir`: that folder's file, by createEngine and by the worker.
  copyFileSync(join(root, 'dist/grapeshot-core.wasm'), join(dir, 'x.wasm'));
  const index = new URL('../../bindings/js/index.node.js', import.meta.url).href;
  const worker = new URL('../../bindings/js/worker.node.js', import.meta.url).href;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    import { createEngine } from '${index}';
    import { createEngineWorker } from '${worker}';
    const lookup = { ruleset: 'napoleon-iii-1866', table: 'combat', column: 8, roll: 6 };
    const e = await createEngine({ wasmUrl: './x.wasm' });
    const w = createEngineWorker({ wasmUrl: './x.wasm' });
    const missing = await createEngine({ wasmUrl: './missing.wasm' }).then(() => 'loaded', (x) => x.message);
    console.log(JSON.stringify({ cell: e.lookup(lookup).cell, inWorker: (await w.lookup(lookup)).cell, missing }));`], { cwd: dir });
  const answer = JSON.parse(out.toString());
  assert.equal(answer.cell, 'D+1');
  assert.equal(answer.inWorker, 'D+1');
  assert.match(answer.missing, new RegExp(`file://${dir}/missing\\.wasm`), 'resolved against the working directory, not the package');
  assert.match(answer.missing, /relative path is resolved against the working directory/);
  assert.doesNotMatch(answer.missing, /esbuild|bundle/, 'no browser bundler hint in Node');
});

test("a relative wasmUrl in browsers: the importing script's URL, else the page (iife bundles; webpack's file: URLs)", async (t) => {
  const { scriptBase } = await import('../../bindings/js/engine.js');
  const had = Object.getOwnPropertyDescriptor(globalThis, 'location');
  t.after(() => (had ? Object.defineProperty(globalThis, 'location', had) : delete globalThis.location));
  Object.defineProperty(globalThis, 'location', { value: { href: 'https://games.example/club/tools/odds.html' }, configurable: true });
  const url = (base) => new URL('./grapeshot-core-X.wasm', scriptBase(base)).href;
  assert.equal(url('https://games.example/assets/app.js'), 'https://games.example/assets/grapeshot-core-X.wasm');
  assert.equal(url(undefined), 'https://games.example/club/tools/grapeshot-core-X.wasm');
  assert.equal(url('file:///home/me/src/node_modules/grapeshot/bindings/js/index.js'), 'https://games.example/club/tools/grapeshot-core-X.wasm');
});

test('createEngineWorker in Node: a worker: option whose script fails names the option', async () => {
  const { createEngineWorker } = await import('grapeshot/worker');
  const { Worker } = await import('node:worker_threads');
  const w = createEngineWorker({ worker: () => new Worker('throw new Error("no serveEngine here")', { eval: true }) });
  await assert.rejects(w.version(), (e) => /`worker:` option/.test(e.message) && /no serveEngine here/.test(e.message));
});

// Issue 29 item 11: the engine is a pure factory, so a bundle of the commit–reveal helpers alone has
// none of the Emscripten glue (24.8 KB minified before), and still works.
test('tree-shaking: esbuild --minify of commitSeed and newSecret alone drops the engine and its glue', async () => {
  const { build } = await import(join(root, 'node_modules/esbuild/lib/main.js'));
  const entry = "import { commitSeed, newSecret } from 'grapeshot';\nconsole.log(commitSeed(newSecret(), 'A', 'ab'.repeat(32), 'ctx'));\n";
  const out = await build({ stdin: { contents: entry, resolveDir: root }, absWorkingDir: root, bundle: true, minify: true,
    format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
  const text = out.outputFiles[0].text;
  // Names the glue and the engine wrapper keep under --minify (property names and strings).
  for (const mark of ['HEAPU8', 'instantiateWasm', 'grapeshot-core.wasm', 'rulesetsJson']) assert.ok(!text.includes(mark), `${mark} is in the bundle`);
  assert.ok(text.length < 6000, `${text.length} bytes: the SHA-256 and the commitment, nothing more`);
  const printed = execFileSync(process.execPath, ['--input-type=module', '-e', text]).toString().trim();
  assert.match(printed, /^[0-9a-f]{64}$/, 'the bundle still commits');
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
  // 403,259 with compiled message templates (427,012 at 986ca77, typed outputs: issue 26); 452,141 with
  // French (issue 28: fr.json's 429 sentences and 1,428 form texts by JSON Pointer, +48.9 KB as this
  // test measures): the budget raised by what French costs, 395 + 48 KiB. 462,197 after typed25's merge
  // (+10.1 KB: message parameters that are messages, each Waterloo check and the charge-reaction choice in
  // the result, 53 more sentences in each language; issues 25, 29): 452 KiB. 464,342 with the request
  // reader that reads the usual request text itself, leaving the rest to nlohmann's parser (+2.1 KB; the
  // parse of a request is 42 % fewer instructions, docs/architecture.md): 454 KiB. 481,369 before that
  // merge with the tables' printed texts in French and the catalog's sentences for the errors and words
  // that were English (issue 28, fr-rest: +23 KB, fr.json's forms for 400 table texts and kPrinted's
  // English keys): 484 KiB with both, until French is loaded on demand (issue 26).
  'dist/grapeshot-core.wasm': 484 * 1024,
  'dist/grapeshot-core.mjs': 10 * 1024,
};
test('the module and its glue stay within their byte budgets (gzip -9)', async () => {
  const { gzipSync } = await import('node:zlib');
  for (const [file, budget] of Object.entries(BYTE_BUDGETS)) {
    const gz = gzipSync(readFileSync(`${root}/${file}`), { level: 9 }).length;
    assert.ok(gz <= budget, `${file}: ${gz} bytes gzip -9, over its budget of ${budget}`);
  }
});
