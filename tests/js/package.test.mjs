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
  // parse of a request is 42 % fewer instructions, docs/architecture.md): 454 KiB.
  // French out of the module (issue 26, cold26): 419,980 before that reader's merge, 422,109 after, a catalog of its own
  // (dist/grapeshot-core.fr.mjs, 36,648) fetched only by a page that asks for French: 413 KiB with the
  // reader, and 36 KiB for the catalog. With the French of every table text a response says and the
  // errors' sentences in the catalogs (issue 28, fr-rest): 435,574, the French in the loaded catalog
  // (kPrinted holds each English text and its form's index), +10.7 KB of English keys, error sentences
  // and code: 426 KiB; the French catalog 43,502 with those 400 table texts and the errors' sentences: 43 KiB.
  // fr-tables (issue 28, the rest): 439,160 (+3.6 KB, no French: 26 English sentences for parse errors
  // and verify's problems with their message functions, about 2.5 KB of it by the object files; the
  // French table answer, the results' chart quotes in the response's language, the table step's
  // rowIndex and scale, 60 more kPrinted entries, which went from 12 to 8 bytes). The French catalog
  // 47,782 (+4.3 KB: 221 more table texts, the 26 sentences' French): 47 KiB. Merged with main at
  // c953fb1 (the result writers' quoted keys and the odds' inline member names, +1.4 KB): 440,534, 431 KiB.
  // Session 36 (issue 25): the one-append writers out of line (prof25, -1.6 KB) and the odds' trial
  // enumeration (+1.8 KB), the odds' fractions written in one append (-0.4 KB): 440,316; the extra
  // modifiers' labels rendered only when traced, in Modifiers::add (-1.9 KB): 438,378.
  'dist/grapeshot-core.wasm': 431 * 1024,
  'dist/grapeshot-core.mjs': 10 * 1024,
  'dist/grapeshot-core.fr.mjs': 47 * 1024,
};
test('the module and its glue stay within their byte budgets (gzip -9)', async () => {
  const { gzipSync } = await import('node:zlib');
  for (const [file, budget] of Object.entries(BYTE_BUDGETS)) {
    const gz = gzipSync(readFileSync(`${root}/${file}`), { level: 9 }).length;
    assert.ok(gz <= budget, `${file}: ${gz} bytes gzip -9, over its budget of ${budget}`);
  }
});

// Issue 26: only English is in the module; French is a catalog of its own (dist/grapeshot-core.fr.mjs)
// that a page fetches only when it asks for French, and Node loads by itself the first time.
test('French is a catalog loaded on demand: not in the module; refused until loaded where it cannot be read at once; then the same answers as Node', async () => {
  const fr = JSON.parse(readFileSync(`${root}/src/messages/fr.json`, 'utf8'));
  const wasm = readFileSync(`${root}/dist/grapeshot-core.wasm`);
  const catalog = readFileSync(`${root}/dist/grapeshot-core.fr.mjs`, 'utf8');
  // A French sentence and a French form text: in the catalog, not in the module.
  const sentence = fr.messages['error.unknownLang'].split('{')[0];
  const form = Object.values(fr.forms).find((t) => typeof t === 'string' && t.length > 30 && /[éèà]/.test(t));
  const latin1 = (t) => String.fromCharCode(...new TextEncoder().encode(t));  // the catalog's one character per byte
  for (const t of [sentence, form]) {
    assert.equal(wasm.includes(Buffer.from(t)), false, `the module holds "${t}"`);
    assert.ok(JSON.parse(catalog.slice(catalog.indexOf('export default ') + 15, catalog.lastIndexOf(';'))).includes(latin1(t)), `the catalog lacks "${t}"`);
  }
  const { createEngine } = await import('grapeshot');
  const request = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [5], lang: 'fr' };
  const node = await createEngine();
  assert.deepEqual(node.languages, ['en']);
  const answer = node.resolve(request);  // Node reads the catalog by itself
  assert.ok(answer.ok && answer.result.summary.includes('moral'), JSON.stringify(answer));
  assert.deepEqual(node.languages, ['en', 'fr']);
  // A browser's engine: the catalog only by an asynchronous load.
  const { engineFactory } = await import('../../bindings/js/engine.js');
  let loads = 0;
  const browserLike = engineFactory({
    loadBytes: async (url) => ({ bytes: readFileSync(url), type: '' }),
    defaultUrl: () => new URL('../../dist/grapeshot-core.wasm', import.meta.url),
    wasmUrl: (v) => new URL(v),
    hint: '',
    catalogs: { load: async () => { loads++; return JSON.parse(catalog.slice(catalog.indexOf('export default ') + 15, catalog.lastIndexOf(';'))); } },
  });
  const page = await browserLike();
  const refused = page.resolve(request);
  assert.equal(refused.error?.code, 'lang_not_loaded', JSON.stringify(refused));
  assert.equal(refused.error.path, '/lang');
  assert.deepEqual(refused.error.messages.message, { id: 'error.langNotLoaded', params: { lang: 'fr' } });
  assert.throws(() => page.rulesets({ lang: 'fr' }), /loadLanguage\('fr'\)/);
  assert.equal(loads, 0, 'nothing fetched until asked');
  await page.loadLanguage('fr');
  assert.deepEqual(page.resolve(request), answer);
  assert.deepEqual(page.rulesets({ lang: 'fr' }), node.rulesets({ lang: 'fr' }));
  // A worker of that engine (serveEngine) loads it the first time a call asks, then answers.
  const { serveEngineOn } = await import('../../bindings/js/worker-client.js');
  let handler;
  const posted = [];
  serveEngineOn({ onMessage: (fn) => { handler = fn; }, post: (m) => posted.push(m) }, browserLike);
  await handler({ id: 1, method: 'resolve', args: [request] });
  await handler({ id: 2, method: 'rulesets', args: [{ lang: 'fr' }] });
  assert.deepEqual(posted.map((m) => m.result), [answer, node.rulesets({ lang: 'fr' })]);
  // Preloaded with the engine; a catalog of other bytes is refused in words.
  const preloaded = await browserLike({ langs: ['fr'] });
  assert.deepEqual(preloaded.languages, ['en', 'fr']);
  const garbled = engineFactory({ ...{ loadBytes: async (url) => ({ bytes: readFileSync(url), type: '' }), defaultUrl: () => new URL('../../dist/grapeshot-core.wasm', import.meta.url), wasmUrl: (v) => new URL(v), hint: '' },
    catalogs: { load: async () => 'GSC1fr\0\0' + '\0'.repeat(40) } });
  await assert.rejects(garbled({ langs: ['fr'] }), /cannot load the fr catalog: the fr catalog of another version/);
});
