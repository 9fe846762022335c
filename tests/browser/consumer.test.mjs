// The done-when test of the npm package: what a web tool's author gets from `npm install grapeshot`.
// The packed tarball, installed into a blank project, runs from Node ESM (engine and worker), bundles
// with esbuild and with Vite into a page and a worker that work in Chromium under a strict CSP
// (resolve, and an odds job cancelled by its AbortSignal), and its types check a host's .ts file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
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

// Serves `dir` with the strict CSP; favicon answered empty so the console stays clean.
function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (path === '/favicon.ico' || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(path === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function runPage(dir) {
  const server = await serve(dir);
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__csp', (d) => problems.push(`csp: ${d}`));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (e) => window.__csp(`${e.violatedDirective} ${e.blockedURI}`)));
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
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

test("TypeScript: a host's .ts file type-checks against the installed package; each wrong request is an error", () => {
  const negatives = [
    "engine.resolve({ ruleset: 'blackpowder', procedure: 'break-test', test: 'A', unit: { stamina: 3 } });",
    "engine.resolve({ ruleset: 'black-powder', procedure: 'breaktest', test: 'A', unit: { stamina: 3 } });",
    "engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', test: 'A', unit: { stamina: '3' } });",
    "engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, sed: 42 });",
  ];
  const source = (directive) => `import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
const engine = await createEngine();
const r = engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', test: 'A', unit: { stamina: 3 } });
const summary: string = r.ok ? r.result.summary : r.error.code;
const w = createEngineWorker();
const o = await w.odds({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } }, { signal: new AbortController().signal });
export const figures = [summary, o.ok ? o.paths : o.error.code];
${negatives.map((n) => `${directive}\n${n}`).join('\n')}
`;
  writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: 'nodenext',
    moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [] }, files: ['host.ts'] }));
  const tsc = (text) => {
    writeFileSync(join(app, 'host.ts'), text);
    return spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: app, encoding: 'utf8' });
  };
  const ok = tsc(source('// @ts-expect-error'));
  assert.equal(ok.status, 0, `positive cases pass and every negative is an error:\n${ok.stdout}`);
  const bad = tsc(source('// (no directive)'));
  const lines = [...bad.stdout.matchAll(/^host\.ts\((\d+),\d+\): error/gm)].map((m) => Number(m[1]));
  const expected = source('// (no directive)').split('\n').flatMap((l, i) => (negatives.includes(l) ? [i + 1] : []));
  assert.equal(expected.length, 4);
  assert.deepEqual(lines, expected, `exactly the four wrong requests fail:\n${bad.stdout}`);
});
