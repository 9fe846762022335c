// Assembles the static calculator site in build/web/: web/ + the engine (bindings/js, dist) + PNG
// icons + a Workbox service worker that precaches every file, so the page works offline.
// Run after the WASM build (`npm run build`); `npm start` and `npm test` call it.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { extname, join } from 'node:path';
import { root } from './bootstrap.mjs';
import { COMPRESSIBLE, MAX_COMPRESS_BYTES, SIDECAR, compress } from './serve.mjs';
import { messageParams, readWebMessages } from './gen-core.mjs';

export const webDir = join(root, 'build/web');

// The favicon's design (three round shot on a dark rounded square) as an RGBA PNG, so the manifest
// has the raster icons install prompts want without committing binaries. `maskable` keeps the shot
// inside the 80 % safe zone and fills the corners.
function iconPng(size, maskable = false) {
  const px = Buffer.alloc(size * size * 4);
  const s = size / 64;
  const shrink = maskable ? 0.8 : 1;
  const shot = [[20, 24], [44, 24], [32, 44]].map(([x, y]) => [32 + (x - 32) * shrink, 32 + (y - 32) * shrink]);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = (x + 0.5) / s, v = (y + 0.5) / s;
      const r = 12, cx = Math.min(Math.max(u, r), 64 - r), cy = Math.min(Math.max(v, r), 64 - r);
      const inside = maskable || (u - cx) ** 2 + (v - cy) ** 2 <= r * r;
      const ball = shot.some(([bx, by]) => (u - bx) ** 2 + (v - by) ** 2 <= (7 * shrink) ** 2);
      const c = !inside ? [0, 0, 0, 0] : ball ? [0xe8, 0xd8, 0xa8, 255] : [0x2b, 0x3a, 0x55, 255];
      c.forEach((b, i) => { px[(y * size + x) * 4 + i] = b; });
    }
  }
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) px.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
    return n >>> 0;
  });
  const crc = (buf) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length);
    head.write(type, 4, 'ascii');
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, tail]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

// The calculator speaks these languages (web/i18n.mjs LANGS): its words are the ids web.* of
// src/messages/<lang>.json, which the engine's build leaves out (gen-core.mjs readMessages).
export const WEB_LANGS = ['en', 'fr'];

/**
 * The calculator's catalogs, {en: {id: template}, fr: …}, checked: every id in every language with the
 * same parameters (a missing French sentence or a misspelt {name} fails the build, issue 28).
 */
export function webCatalogs() {
  const catalogs = Object.fromEntries(WEB_LANGS.map((lang) => [lang, readWebMessages(lang)]));
  const problems = [];
  const params = (template, where) => { try { return messageParams(template, where).sort().join(','); } catch (e) { problems.push(e.message); return ''; } };
  for (const lang of WEB_LANGS.slice(1)) {
    for (const id of Object.keys(catalogs.en)) {
      if (!(id in catalogs[lang])) problems.push(`${lang}.json: ${id} is missing`);
      else if (params(catalogs.en[id], `en.json ${id}`) !== params(catalogs[lang][id], `${lang}.json ${id}`)) problems.push(`${lang}.json: ${id} has other parameters than en.json`);
    }
    for (const id of Object.keys(catalogs[lang])) if (!(id in catalogs.en)) problems.push(`${lang}.json: ${id} is not in en.json`);
  }
  if (problems.length) throw new Error(`the calculator's message catalogs disagree:\n  ${problems.join('\n  ')}`);
  return catalogs;
}

// The web app manifest in each language (manifest.webmanifest is English; manifest.<lang>.webmanifest
// the others): the page links the one in its language.
function writeManifests(catalogs) {
  const base = JSON.parse(readFileSync(join(root, 'web/manifest.webmanifest'), 'utf8'));
  for (const lang of WEB_LANGS) {
    const m = catalogs[lang];
    const manifest = { ...base, lang, name: m['web.manifest.name'], description: m['web.manifest.description'] };
    writeFileSync(join(webDir, lang === 'en' ? 'manifest.webmanifest' : `manifest.${lang}.webmanifest`), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}

// What engine.rulesets({lang}) answers, per language, and each ruleset's printed outcome texts
// (web/labels.mjs printedOutcomes): rulesets.<lang>.json, which the page fetches beside the engine so
// that a shared link's form is built, and its first odds asked, before the page's thread has run the
// engine (describing all four rulesets there was a third of the first odds' time; issue 26).
async function writeDescriptions(dist) {
  const { createEngine } = await import('../bindings/js/index.node.js');
  const { printedOutcomes } = await import('../web/labels.mjs');
  const engine = await createEngine({ wasmUrl: join(dist, 'grapeshot-core.wasm') });
  const printed = Object.fromEntries(engine.rulesets().map((r) => [r.id,
    printedOutcomes((r.tables ?? []).map((t) => engine.table({ ruleset: r.id, table: t.id })).filter((t) => t.ok).map((t) => t.table))]));
  for (const lang of WEB_LANGS) {
    writeFileSync(join(webDir, `rulesets.${lang}.json`), JSON.stringify({ lang, version: engine.version, rulesets: engine.rulesets({ lang }), printed }));
  }
}

// The odds worker as one file (odds-worker.mjs, engine.js, words.js and the engine's glue): a worker
// has no modulepreload, so unbundled it fetched its imports a wave at a time before it could take the
// module the page compiled (issue 26: the first odds of a shared link). Its fallbacks stay imports of
// the files beside it: the French catalog, and the package's index.js when no module is given.
async function bundleOddsWorker() {
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(webDir, 'odds-worker.mjs')],  // the copy: its imports resolve in build/web
    outfile: join(webDir, 'odds-worker.mjs'),
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    minify: true,  // 11.9 KB gzip, not 17.7: the page fetches engine.js and the glue again for itself
    external: ['./dist/grapeshot-core.fr.mjs', './bindings/js/index.js'],
    logLevel: 'warning',
  });
}

export async function buildWeb({ dist = process.env.GRAPESHOT_DIST ?? join(root, 'dist'), quiet = false } = {}) {
  for (const f of ['grapeshot-core.mjs', 'grapeshot-core.wasm', 'grapeshot-core.fr.mjs']) {
    if (!existsSync(join(dist, f))) throw new Error(`${join(dist, f)} is missing: run \`npm run build\` first`);
  }
  rmSync(webDir, { recursive: true, force: true });
  mkdirSync(join(webDir, 'icons'), { recursive: true });
  cpSync(join(root, 'web'), webDir, { recursive: true });
  const catalogs = webCatalogs();
  writeFileSync(join(webDir, 'messages.mjs'), `// Generated by scripts/build-web.mjs from src/messages/*.json (ids web.*). Do not edit.\nexport default ${JSON.stringify(catalogs)};\n`);
  writeManifests(catalogs);
  // The same relative layout as the repository, so bindings/js/index.js finds ../../dist/ unchanged.
  // Every module of the public wrapper (index.js may import siblings); declarations stay behind.
  cpSync(join(root, 'bindings/js'), join(webDir, 'bindings/js'), { recursive: true, filter: (f) => !f.endsWith('.d.ts') });
  // The module, its glue, and the catalogs of the languages it is built without (grapeshot-core.<lang>.mjs:
  // fetched by a page only in that language, precached below like every file).
  for (const f of readdirSync(dist).filter((name) => /^grapeshot-core\.(mjs|wasm|[a-z]{2}\.mjs)$/.test(name))) cpSync(join(dist, f), join(webDir, 'dist', f));
  await writeDescriptions(dist);
  await bundleOddsWorker();
  for (const size of [192, 512]) {
    writeFileSync(join(webDir, `icons/icon-${size}.png`), iconPng(size));
    writeFileSync(join(webDir, `icons/maskable-${size}.png`), iconPng(size, true));
  }

  // Loaded lazily: workbox-build pulls in rollup and babel, which only this step needs.
  const { generateSW } = await import('workbox-build');
  const { count, size, warnings } = await generateSW({
    globDirectory: webDir,
    globPatterns: ['**/*.{html,mjs,js,css,wasm,svg,png,webmanifest,json}'],
    swDest: join(webDir, 'sw.js'),
    // The runtime is written next to sw.js and loaded with importScripts from 'self': no CDN.
    inlineWorkboxRuntime: false,
    sourcemap: false,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    navigateFallback: 'index.html',
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
  for (const w of warnings) console.warn(`[build-web] ${w}`);
  const compressed = precompress(webDir);
  if (!quiet) console.log(`[build-web] build/web: ${count} files precached, ${(size / 1024).toFixed(0)} KiB`);
  return { count, size, compressed };
}

/**
 * Writes `file.br` and `file.gz` beside every file scripts/serve.mjs would compress, after the file
 * itself (so they are newer, which is how the server knows they are current): a GET of the site then
 * sends bytes from disk and never compresses. Returns how many files were compressed.
 */
export function precompress(dir) {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = join(e.path ?? e.parentPath, e.name);
    if (!e.isFile() || !COMPRESSIBLE.has(extname(e.name).toLowerCase()) || statSync(file).size > MAX_COMPRESS_BYTES) continue;
    const data = readFileSync(file);
    for (const [encoding, suffix] of Object.entries(SIDECAR)) writeFileSync(file + suffix, compress(data, encoding));
    n++;
  }
  return n;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildWeb();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
