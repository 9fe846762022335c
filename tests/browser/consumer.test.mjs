// The done-when test of the npm package: what a web tool's author gets from `npm install grapeshot`.
// The packed tarball, installed into a blank project, runs from Node ESM (engine and worker), bundles
// with esbuild and with Vite into a page and a worker that work in Chromium under a strict CSP
// (resolve, and an odds job cancelled by its AbortSignal), its types check a host's .ts file (with
// the DOM, Node-only, and under moduleResolution node10), a load that fails says why and what fixes
// it, and every code block of the README runs as written (issue 29).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { LONG_ODDS, MORALE, bundleEsbuild, bundleVite, packAndInstall, root } from './consumer.mjs';

const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'";
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
let app;
let browser;

before(async () => {
  ({ dir: app } = packAndInstall());
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
});
after(async () => {
  await browser?.close();
  if (app) rmSync(dirname(app), { recursive: true, force: true });  // the tarball and the project
});

test('the tarball holds the package and nothing of the repository besides', () => {
  const files = execFileSync('find', ['.', '-type', 'f'], { cwd: join(app, 'node_modules/grapeshot') }).toString().trim().split('\n').sort();
  assert.ok(files.includes('./dist/grapeshot-core.wasm') && files.includes('./bindings/js/generated.d.ts') && files.includes('./LICENSE'));
  assert.deepEqual(files.filter((f) => /^\.\/(src|tests|web|scripts|build|fuzz)\//.test(f)), []);
  assert.equal(existsSync(join(app, 'node_modules/.bin')), false, 'no runtime dependencies were installed');
});

test('Node ESM: createEngine and createEngineWorker from the installed package, abort included', () => {
  const script = `
    import { createEngine } from 'grapeshot';
    import { createEngineWorker } from 'grapeshot/worker';
    const e = await createEngine();
    const w = createEngineWorker();
    const c = new AbortController();
    const job = w.odds(${JSON.stringify(LONG_ODDS)}, { signal: c.signal }).then(() => 'answered', (x) => x.name);
    setTimeout(() => c.abort(), 50);
    console.log(JSON.stringify({ summary: e.resolve(${JSON.stringify(MORALE)}).result.summary, aborted: await job,
      after: (await w.resolve(${JSON.stringify(MORALE)})).result.passed }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: app }).toString());
  assert.match(out.summary, /passed/);
  assert.equal(out.aborted, 'AbortError');
  assert.equal(out.after, true);
});

// Serves `dir` with the strict CSP; favicon answered empty so the console stays clean. `fallback`:
// an SPA's server, answering every unknown path but a script's with `fallback` (an index.html).
function serve(dir, fallback = null) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (fallback && !path.endsWith('.js') && (!existsSync(file) || !statSync(file).isFile())) file = join(dir, fallback);
    if (path === '/favicon.ico' || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function runPage(dir, { path = '/', fallback = null } = {}) {
  const server = await serve(dir, fallback);
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__csp', (d) => problems.push(`csp: ${d}`));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => window.__csp(`${e.violatedDirective} ${e.blockedURI}`)));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}${path}`);
    const result = await (await page.waitForFunction(() => window.__result, null, { timeout: 60000 })).jsonValue();
    return { result, problems };
  } finally {
    await page.close();
    server.close();
    server.closeAllConnections();
  }
}

for (const [name, bundle] of [['esbuild', bundleEsbuild], ['Vite', bundleVite]]) {
  test(`${name}: a page and a worker bundled from the package run under a strict CSP, and an odds job is cancelled`, async () => {
    const { out, files } = await bundle(app);
    assert.equal(files.wasm.length, 1, 'the .wasm is in the output');
    assert.ok(files.worker.length === 1, 'the worker is its own file');
    for (const f of [...files.page, ...files.worker]) {
      assert.doesNotMatch(readFileSync(join(out, f), 'utf8'), /["']node:/, `${f}: no node: import reached the browser bundle`);
    }
    const { result, problems } = await runPage(out);
    assert.deepEqual(problems, []);
    assert.equal(result.ok, true, result.error);
    assert.match(result.summary, /passed/);
    assert.equal(result.passed, true);
    assert.equal(result.inWorker, true);
    assert.equal(result.aborted, 'AbortError', 'the odds job was cancelled, not answered');
    assert.equal(result.after, true, 'the next call is answered by a new worker');
  });
}

// Type-checks the project of `config` in `dir` in this process, as tsc would, but only the host's
// files and the package's declarations (not @types/node's or the lib's own, which tsc checks again
// for every project: seconds each), one TypeScript load and one parse of each file for every project.
// Returns the diagnostics as tsc prints them.
let typescript;
const parsedFiles = new Map();
function typecheck(dir, config) {
  const ts = (typescript ??= createRequire(import.meta.url)(join(root, 'node_modules/typescript')));
  const parsed = ts.getParsedCommandLineOfConfigFile(join(dir, config), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); },
  });
  const host = ts.createCompilerHost(parsed.options);
  const read = host.getSourceFile;
  host.getSourceFile = (file, version, ...rest) => {
    const key = `${file} ${JSON.stringify(version)}`;
    if (!parsedFiles.has(key) || !/\/node_modules\//.test(file)) parsedFiles.set(key, read.call(host, file, version, ...rest));
    return parsedFiles.get(key);
  };
  const program = ts.createProgram(parsed.fileNames, parsed.options, host);
  const checked = program.getSourceFiles().filter((f) => !program.isSourceFileDefaultLibrary(f) && !/\/node_modules\/(@types|undici-types)\//.test(f.fileName));
  const diagnostics = [...parsed.errors, ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(),
    ...checked.flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])];
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}
const tsconfig = (dir, name, files, options = {}) => writeFileSync(join(dir, name), JSON.stringify({ compilerOptions: {
  strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], ...options,
}, files }));

test("TypeScript: a host's .ts file type-checks against the installed package; each wrong request is an error, said once", () => {
  const negatives = [
    "engine.resolve({ ruleset: 'blackpowder', procedure: 'break-test', test: 'A', unit: { stamina: 3 } });",
    "engine.resolve({ ruleset: 'black-powder', procedure: 'breaktest', test: 'A', unit: { stamina: 3 } });",
    "engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', test: 'A', unit: { stamina: '3' } });",
    "engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, sed: 42 });",
    "engine.lookup({ ruleset: 'napoleon-iii-1866', table: 'combt', column: 8, roll: 6 });",
    "if (o.ok) o.distributions.pased;",
  ];
  const source = (comment) => `import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
const engine = await createEngine();
const r = engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', test: 'A', unit: { stamina: 3 } });
const summary: string = r.ok ? r.result.summary : r.error.code;
const w = createEngineWorker();
const o = await w.odds({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } }, { signal: new AbortController().signal });
const passes: boolean | undefined = o.ok ? o.distributions.passed?.[0].value : undefined;
export const figures = [summary, o.ok ? o.paths : o.error.code, passes];
${negatives.map((n) => `${comment}\n${n}`).join('\n')}
`;
  // One program (seconds each): errors on exactly the negative lines means the rest compiles.
  tsconfig(app, 'tsconfig.json', ['host.ts']);
  writeFileSync(join(app, 'host.ts'), source('// a wrong call:'));
  const bad = typecheck(app, 'tsconfig.json');
  const lines = [...bad.matchAll(/^host\.ts\((\d+),\d+\): error/gm)].map((m) => Number(m[1]));
  const expected = source('// a wrong call:').split('\n').flatMap((l, i) => (negatives.includes(l) ? [i + 1] : []));
  assert.equal(expected.length, negatives.length);
  assert.deepEqual(lines, expected, `exactly the wrong requests fail:\n${bad}`);
  // One signature per call: a wrong request is explained once, not once per overload.
  assert.doesNotMatch(bad, /No overload matches|Overload \d of \d/, bad);
});

test('TypeScript: a Node-only project (no DOM lib: a host file and the README\'s TypeScript) and a moduleResolution node10 project compile against the package', () => {
  const host = `import { createEngine, type Request } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
export async function main(): Promise<number> {
  const engine = await createEngine({ wasmUrl: './grapeshot-core.wasm' });
  const request = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } } satisfies Request;
  const r = engine.resolve(request);
  const o = await createEngineWorker().odds(request, { signal: AbortSignal.timeout(1000) });
  return (r.ok && r.result.passed ? 1 : 0) + (o.ok ? o.paths : 0);
}
`;
  writeFileSync(join(app, 'node-host.mts'), host);
  // The README's TypeScript blocks, as written, are Node-only programs too (one program for all: fast).
  const readme = readmeBlocks().filter((b) => b.lang === 'ts').map((b) => {
    writeFileSync(join(app, `readme-${b.line}.mts`), b.code);
    return `readme-${b.line}.mts`;
  });
  assert.ok(readme.length >= 1, 'the README has TypeScript');
  tsconfig(app, 'tsconfig.node.json', ['node-host.mts', ...readme], { lib: ['es2022'], types: ['node'], typeRoots: [join(root, 'node_modules/@types')] });
  assert.equal(typecheck(app, 'tsconfig.node.json'), '', 'lib es2022 + @types/node: no WebAssembly or DOM name needed');
  // node10 reads no exports map: typesVersions maps the subpaths, the .wasm's URL included.
  writeFileSync(join(app, 'node10-host.ts'), `${host.replace("} from 'grapeshot';", "} from 'grapeshot';\nimport wasmUrl from 'grapeshot/grapeshot.wasm';")}
export const url: string = wasmUrl;
`);
  tsconfig(app, 'tsconfig.node10.json', ['node10-host.ts'], { module: 'es2022', moduleResolution: 'node10' });
  assert.equal(typecheck(app, 'tsconfig.node10.json'), '', 'grapeshot/worker and grapeshot/grapeshot.wasm resolve under node10');
});

// Item 8 of issue 29, in Chromium: a page in a sub-folder loads an esbuild bundle (--format=esm,
// --loader:.wasm=file) from another folder, served by an SPA server that answers unknown paths with
// index.html; each failure names the URL, what came back and the option that fixes it.
test('esbuild --loader:.wasm=file: a page in a sub-folder works, and a wrong .wasm or worker URL says what came back and what to pass', async () => {
  const { build } = await import(join(root, 'node_modules/esbuild/lib/main.js'));
  const site = join(app, 'spa-site');
  mkdirSync(join(site, 'deep/er'), { recursive: true });
  writeFileSync(join(app, 'spa-page.js'), `import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
import wasmUrl from 'grapeshot/grapeshot.wasm';
const MORALE = ${JSON.stringify(MORALE)};
const failure = (p) => p.then(() => 'no error', (e) => String(e.message));
async function main() {
  const engine = await createEngine({ wasmUrl });
  return {
    wasmUrl,
    passed: engine.resolve(MORALE).result.passed,
    inWorker: (await createEngineWorker({ wasmUrl, worker: () => new Worker(new URL('./spa-worker.js', import.meta.url), { type: 'module' }) })
      .resolve(MORALE)).result.passed,
    spaFallback: await failure(createEngine({ wasmUrl: '/missing/grapeshot-core.wasm' })),
    workerOption: await failure(createEngineWorker({ worker: () => new Worker('/nowhere/worker.js', { type: 'module' }) }).version()),
    defaultWorker: await failure(createEngineWorker().version()),
  };
}
main().then((r) => { window.__result = { ok: true, ...r }; }, (e) => { window.__result = { ok: false, error: String(e && e.message || e) }; });
`);
  writeFileSync(join(app, 'spa-worker.js'), "import { serveEngine } from 'grapeshot/worker';\nserveEngine();\n");
  for (const name of ['spa-page', 'spa-worker']) {
    await build({ absWorkingDir: app, entryPoints: [join(app, `${name}.js`)], outfile: join(site, 'js', `${name}.js`), bundle: true,
      format: 'esm', loader: { '.wasm': 'file' }, logLevel: 'silent' });
  }
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>SPA</title><p>every path\n');
  writeFileSync(join(site, 'deep/er/index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>deep page</title>' +
    '<link rel="icon" href="/favicon.ico"><script type="module" src="/js/spa-page.js"></script></head><body></body></html>\n');
  const { result, problems } = await runPage(site, { path: '/deep/er/', fallback: 'index.html' });
  assert.deepEqual(problems.filter((p) => !/404|Failed to load/.test(p)), []);
  assert.equal(result.ok, true, result.error);
  assert.match(result.wasmUrl, /^\.\/grapeshot-core-\w+\.wasm$/, 'esbuild gives a URL relative to the bundle');
  assert.equal(result.passed, true, 'the bundle-relative URL was resolved against /js/, not the page in /deep/er/');
  assert.equal(result.inWorker, true);
  // The SPA answered index.html: the error names the URL, what came back, and wasmUrl.
  assert.match(result.spaFallback, /http:\/\/127\.0\.0\.1:\d+\/missing\/grapeshot-core\.wasm is not WebAssembly/);
  assert.match(result.spaFallback, /text\/html/);
  assert.match(result.spaFallback, /"<!doctype html><title>SPA<\/title>/);
  assert.match(result.spaFallback, /wasmUrl/);
  assert.doesNotMatch(result.spaFallback, /magic word/);
  // A worker script that is not there: its URL, the 404, and the worker: option.
  assert.match(result.workerOption, /\/nowhere\/worker\.js failed to start: it answered HTTP 404/);
  assert.match(result.workerOption, /`worker:` option/);
  assert.match(result.defaultWorker, /\/js\/worker-entry\.js failed to start: it answered HTTP 404/);
  assert.match(result.defaultWorker, /worker: \(\) => new Worker/);
});

// Issue 29 item 9: every code block of README.md, as written, in a blank CommonJS project (what
// `npm init -y` makes) beside the installed package: JavaScript blocks run as .mjs and print what their
// "// prints:" comments say, the TypeScript block compiles Node-only, the esbuild commands build, and
// the config files of bundlers not installed here at least parse.
function readmeBlocks() {
  const text = readFileSync(join(root, 'README.md'), 'utf8');
  return [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => {
    const [lang = '', ...meta] = m[1].trim().split(/\s+/);
    return { lang, meta, file: meta.find((x) => x.startsWith('file='))?.slice(5), code: m[2],
      line: text.slice(0, m.index).split('\n').length };
  });
}

test('README: every code block runs as written', async () => {
  const dir = join(app, 'readme');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'readme', version: '1.0.0', main: 'index.js' }));  // npm init -y: CommonJS
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync('../node_modules', join(dir, 'node_modules'));  // the installed package
  const blocks = readmeBlocks().map((b) => ({ ...b, where: `README.md:${b.line} (\`\`\`${[b.lang, ...b.meta].join(' ')})` }));
  for (const b of blocks) assert.ok(['js', 'ts', 'sh', 'text', 'jsonc'].includes(b.lang), `${b.where}: a block of an unknown language`);
  // Files first (the shell blocks bundle them); the config files of bundlers not installed here must parse.
  for (const b of blocks.filter((x) => x.lang === 'js' && x.file)) {
    writeFileSync(join(dir, b.file), b.code);
    if (b.meta.includes('untested')) {
      const check = spawnSync(process.execPath, ['--check', b.file], { cwd: dir, encoding: 'utf8' });
      assert.equal(check.status, 0, `${b.where} does not parse:\n${check.stderr}`);
    }
  }
  for (const b of blocks.filter((x) => x.lang === 'sh')) {
    for (const line of b.code.trim().split('\n').map((l) => l.trim())) {
      const [cmd, ...args] = line.split(/\s+/);
      if (line === 'npm install grapeshot') continue;  // the packed tarball is installed instead
      if (cmd === 'npx' && args[0] === 'esbuild') {
        const r = spawnSync(join(root, 'node_modules/.bin/esbuild'), args.slice(1), { cwd: dir, encoding: 'utf8' });
        assert.equal(r.status, 0, `${b.where}: ${line}\n${r.stderr}`);
      } else if (cmd === 'cp' && args.length === 2) {
        cpSync(join(dir, args[0]), join(dir, args[1], args[1].endsWith('/') ? basename(args[0]) : ''));
      } else assert.fail(`${b.where}: the test does not know how to run "${line}"`);
    }
  }
  // The esbuild recipe built a page and a worker for browsers, beside the copied .wasm, and they run
  // (a page of their own, in another folder: the URLs are the bundle's) under the strict CSP.
  for (const f of ['page.js', 'worker.js']) assert.doesNotMatch(readFileSync(join(dir, 'out', f), 'utf8'), /["']node:/, f);
  assert.ok(existsSync(join(dir, 'out/grapeshot-core.wasm')));
  mkdirSync(join(dir, 'site'), { recursive: true });
  writeFileSync(join(dir, 'site/index.html'), '<!doctype html><title>README</title><link rel="icon" href="/favicon.ico">' +
    '<script type="module" src="/out/page.js"></script>\n');
  const server = await serve(dir);
  const page = await browser.newPage();
  try {
    const logged = page.waitForEvent('console', { predicate: (m) => m.type() === 'log', timeout: 60000 });
    await page.goto(`http://127.0.0.1:${server.address().port}/site/`);
    assert.match((await logged).text(), /^\d+\.\d+\.\d+ \d+\.\d+\.\d+$/, 'page.js printed the engine\'s version, and the worker\'s');
  } finally {
    await page.close();
    server.close();
    server.closeAllConnections();
  }
  // Every other JavaScript block is a program: run as .mjs (all at once), it prints what its
  // "// prints:" comments say, in order, and nothing on stderr.
  const programs = blocks.filter((x) => x.lang === 'js' && !x.file);
  assert.ok(programs.length >= 5 && blocks.some((x) => x.lang === 'ts'), 'the README\'s blocks were found');
  await Promise.all(programs.map(async (b) => {
    const file = `block-${b.line}.mjs`;
    writeFileSync(join(dir, file), b.code);
    const { code, stdout, stderr } = await new Promise((done) => {
      const child = spawn(process.execPath, [file], { cwd: dir });
      const out = { stdout: '', stderr: '' };
      child.stdout.on('data', (d) => { out.stdout += d; });
      child.stderr.on('data', (d) => { out.stderr += d; });
      child.on('close', (code) => done({ code, ...out }));
    });
    assert.equal(code, 0, `${b.where} fails:\n${stderr}`);
    assert.equal(stderr, '', `${b.where} writes to stderr`);
    let at = 0;
    for (const [, text] of b.code.matchAll(/\/\/ prints: (.+)$/gm)) {
      const found = stdout.indexOf(text.trim(), at);
      assert.ok(found >= 0, `${b.where}: prints ${JSON.stringify(text.trim())}, in order; it printed:\n${stdout}`);
      at = found + text.trim().length;
    }
  }));
});
