// The package as a web-tool author gets it: `npm pack`, installed into a blank project that holds no
// other file of this repository, then used from Node ESM and bundled with esbuild (entry and outfile
// only) for a page and a worker, run in Chromium under the strict CSP: a request resolved on the
// page and in the worker, and a long odds job cancelled with an AbortSignal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/serve.mjs';
import { root } from '../../scripts/bootstrap.mjs';

const dir = mkdtempSync(join(tmpdir(), 'grapeshot-pack-'));
const app = join(dir, 'app');
const morale = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
const shock = {  // 121 dice sequences with 19 what-ifs: enough work to be busy when the abort comes
  ruleset: 'battles-of-waterloo', procedure: 'shock',
  attacker: { units: [1, 2, 3].map(() => ({ strength: 6, type: 'infantry', cohesion: 5, steps: 4 })) },
  defender: { units: [1, 2].map(() => ({ strength: 5, type: 'infantry', cohesion: 5, steps: 4 })) },
};
const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund'], { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString();

// The same script for Node and the page: the engine, then the worker with an aborted odds job.
const script = (wasmUrl, workerUrl) => `
import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
export function run() {
  return createEngine(${wasmUrl ? `{ wasmUrl: ${wasmUrl} }` : ''}).then(async (engine) => {
    const here = engine.resolve(${JSON.stringify(morale)});
    const worker = createEngineWorker(${workerUrl ? `{ wasmUrl: ${wasmUrl}, workerUrl: ${workerUrl} }` : ''});
    const there = await worker.resolve(${JSON.stringify(morale)});
    const controller = new AbortController();
    const job = worker.odds(${JSON.stringify(shock)}, { signal: controller.signal });
    controller.abort();
    const aborted = await job.then(() => 'answered', (e) => e.name);
    const after = await worker.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: 8, roll: 6 });
    worker.terminate();
    return { summary: here.result.summary, same: JSON.stringify(here) === JSON.stringify(there), aborted, cell: after.cell };
  });
}
`;

test('npm pack installs into a blank project and runs from Node ESM', () => {
  const [{ filename, size }] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  npm(['install', join(dir, filename)], app);
  writeFileSync(join(app, 'lib.js'), script());
  writeFileSync(join(app, 'node.js'), "import { run } from './lib.js'; console.log(JSON.stringify(await run()));");
  const out = JSON.parse(execFileSync(process.execPath, ['node.js'], { cwd: app }).toString());
  assert.deepEqual(out, { summary: 'Morale test: d6 3 <= 4, passed: no effect.', same: true, aborted: 'AbortError', cell: 'D+1' });
  assert.ok(size > 0);
});

test('esbuild bundles a page and a worker from the installed package; both run in Chromium under the strict CSP', async () => {
  const site = join(dir, 'site');
  mkdirSync(site);
  writeFileSync(join(app, 'lib-web.js'), script("new URL('grapeshot.wasm', location.href).href", "'worker.js'"));
  writeFileSync(join(app, 'page.js'), "import { run } from './lib-web.js';\n" +
    "run().then((r) => { document.getElementById('out').textContent = JSON.stringify(r); }, (e) => { document.getElementById('out').textContent = 'failed: ' + e.message; });\n");
  writeFileSync(join(app, 'worker.js'), "import 'grapeshot/engine-worker';\n");
  // Only the entry and the outfile (bundle: esbuild's one switch for following imports).
  await build({ entryPoints: [join(app, 'page.js')], bundle: true, outfile: join(site, 'page.js'), logLevel: 'silent' });
  await build({ entryPoints: [join(app, 'worker.js')], bundle: true, outfile: join(site, 'worker.js'), logLevel: 'silent' });
  copyFileSync(join(app, 'node_modules/grapeshot/dist/grapeshot-core.wasm'), join(site, 'grapeshot.wasm'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><title>app</title><pre id="out"></pre><script src="page.js"></script>');
  writeFileSync(join(site, 'favicon.ico'), '');  // the browser asks for one; a 404 would be logged

  const server = await startServer({ port: 0, host: '127.0.0.1', webRoot: site });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
    const response = await page.goto(`http://127.0.0.1:${server.address().port}/`);
    assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
    await page.waitForFunction(() => document.getElementById('out').textContent !== '', null, { timeout: 60000 });
    const text = await page.textContent('#out');
    assert.deepEqual(JSON.parse(text.startsWith('failed') ? 'null' : text) ?? text,
      { summary: 'Morale test: d6 3 <= 4, passed: no effect.', same: true, aborted: 'AbortError', cell: 'D+1' });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
  }
});
