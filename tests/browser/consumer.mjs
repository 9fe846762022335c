// A web tool's project built from the packed tarball alone: `npm pack`, `npm install <tarball>` into
// a blank folder, then a page and a worker bundled by esbuild and by Vite. Shared by
// consumer.test.mjs (the package works as embedders use it) and scripts/bench.mjs (tarball and bundle sizes).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Two players' requests: a resolution, and odds that take seconds (six Waterloo battalions attacking
// three, every boolean input flipped) yet stay within the budget, for the abort.
export const MORALE = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
const unit = (i) => ({ strength: 3 + (i % 3), steps: 3, cohesion: 4 });
export const LONG_ODDS = { ruleset: 'battles-of-waterloo', procedure: 'shock', sensitivity: true,
  attacker: { units: Array.from({ length: 6 }, (_, i) => unit(i)) }, defender: { units: Array.from({ length: 3 }, (_, i) => unit(i)) } };

/** Packs the repository and installs the tarball into a blank project; returns {dir, tarball}. */
export function packAndInstall() {
  const dir = mkdtempSync(join(tmpdir(), 'grapeshot-consumer-'));
  const out = execFileSync(npm, ['pack', '--json', '--pack-destination', dir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const [{ filename }] = JSON.parse(out.toString());
  const tarball = join(dir, filename);
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'web-tool', private: true, type: 'module' }));
  // --offline: the package has no runtime dependencies, so installing it needs no registry.
  execFileSync(npm, ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: app, stdio: ['ignore', 'pipe', 'pipe'] });
  return { dir: app, tarball };
}

// The page: an engine on the main thread, one in a worker, and an odds job aborted mid-way. Its
// verdict goes to window.__result. No top-level await (esbuild's default iife output has none).
const page = (engineOptions, workerOptions) => `
import { createEngine } from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';
const MORALE = ${JSON.stringify(MORALE)};
const LONG_ODDS = ${JSON.stringify(LONG_ODDS)};
async function main() {
  const engine = await createEngine(${engineOptions});
  const resolved = engine.resolve(MORALE);
  const worker = createEngineWorker(${workerOptions});
  const inWorker = await worker.resolve(MORALE);
  const controller = new AbortController();
  const job = worker.odds(LONG_ODDS, { signal: controller.signal }).then((o) => 'answered: ' + o.ok, (e) => e.name);
  setTimeout(() => controller.abort(), 50);
  const aborted = await job;
  const after = await worker.resolve(MORALE);
  return { summary: resolved.result.summary, passed: resolved.result.passed, inWorker: inWorker.result.passed, aborted, after: after.ok };
}
main().then((r) => { window.__result = { ok: true, ...r }; }, (e) => { window.__result = { ok: false, error: String(e && e.message || e) }; });
`;
const html = (script, type) => `<!doctype html><html><head><meta charset="utf-8"><title>web tool</title>
<link rel="icon" href="/favicon.ico"><script ${type} src="${script}"></script></head><body></body></html>\n`;

/**
 * esbuild with nothing but entry points and outfiles (--bundle): it does not copy the .wasm, so
 * the recipe copies it and passes wasmUrl; the worker is a script of our own calling serveEngine().
 */
export async function bundleEsbuild(app) {
  const { build } = await import(join(root, 'node_modules/esbuild/lib/main.js'));
  const src = join(app, 'esbuild-src');
  const out = join(app, 'esbuild-out');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'page.js'), page("{ wasmUrl: '/grapeshot-core.wasm' }",
    "{ worker: () => new Worker('/worker.js'), wasmUrl: '/grapeshot-core.wasm' }"));
  writeFileSync(join(src, 'worker.js'), "import { serveEngine } from 'grapeshot/worker';\nserveEngine();\n");
  for (const name of ['page', 'worker']) {
    await build({ absWorkingDir: app, entryPoints: [join(src, `${name}.js`)], outfile: join(out, `${name}.js`), bundle: true, logLevel: 'silent' });
  }
  cpSync(join(app, 'node_modules/grapeshot/dist/grapeshot-core.wasm'), join(out, 'grapeshot-core.wasm'));
  writeFileSync(join(out, 'index.html'), html('/page.js', ''));
  return { out, files: { page: ['page.js'], worker: ['worker.js'], wasm: ['grapeshot-core.wasm'] } };
}

/** Vite build with no configuration: it follows the package's new URL(…, import.meta.url) for the .wasm and the worker. */
export async function bundleVite(app) {
  const { build } = await import(join(root, 'node_modules/vite/dist/node/index.js'));
  const src = join(app, 'vite-src');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'main.js'), page('', ''));
  writeFileSync(join(src, 'index.html'), html('/main.js', 'type="module"'));
  const out = join(app, 'vite-out');
  await build({ root: src, logLevel: 'silent', configFile: false, build: { outDir: out, emptyOutDir: true } });
  const assets = readdirSync(join(out, 'assets'));
  return {
    out,
    files: {
      page: assets.filter((f) => /^index-.*\.js$/.test(f)).map((f) => `assets/${f}`),
      worker: assets.filter((f) => /^worker-entry-.*\.js$/.test(f)).map((f) => `assets/${f}`),
      wasm: assets.filter((f) => f.endsWith('.wasm')).map((f) => `assets/${f}`),
    },
  };
}
