// `npm run bench`: speed and size of the engine against the budgets of the benchmark issue, side by
// side with native timings for the same requests. Prints a table and writes build/bench.json.
// Not a test: figures vary with the machine (about ±20 % run to run on the 2-core CI machine).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { ensurePackages, root } from './bootstrap.mjs';
import { build } from './build.mjs';

ensurePackages(['cmake', 'ninja-build', 'g++', 'emscripten', 'nlohmann-json3-dev', 'catch2']);
build('native');
build('wasm');

const { createEngine } = await import('grapeshot');
const requests = JSON.parse(readFileSync(`${root}/bench/requests.json`, 'utf8'));
const rows = [];
const report = { date: new Date().toISOString(), node: process.version, figures: {} };
function figure(name, value, unit, budget, ok, note = '') {
  rows.push([name, `${value.toFixed(unit === 'KB' ? 1 : 2)} ${unit}`, budget, ok === null ? '-' : ok ? 'ok' : 'MISSED', note]);
  report.figures[name] = { value, unit, budget, ok, note };
}
function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
// Per-call times are measured warm and interleaved. Warm: V8 compiles the module's functions with its
// baseline compiler first and tiers the hot ones up in the background (a Waterloo shock measured
// first on a fresh engine took about 3,000 calls, 0.5 s, to settle), so each function first runs for
// a second. Interleaved: this shared 2-core machine's speed flips by about 2x for seconds at a time
// (V8's own JSON.parse + stringify of a request went from 27 to 47-65 µs and back within one process,
// and so did an untraced resolve, at every V8 tier), so two functions timed one after the other can
// land on different sides of a flip. The functions compared run in alternating batches instead, and
// a ratio is the median of the rounds' ratios: each round's two batches ran within milliseconds.
// `per` calls per batch, `rounds` rounds; returns each function's median µs per call, and `ratio(i, j)`.
function perCall(fns, rounds, per) {
  const batch = (fn) => {
    const t0 = performance.now();
    for (let i = 0; i < per; i++) fn();
    return ((performance.now() - t0) * 1000) / per;
  };
  for (const warm = performance.now() + 1000 * fns.length; performance.now() < warm;) for (const fn of fns) batch(fn);
  const samples = fns.map(() => []);
  for (let r = 0; r < rounds; r++) fns.forEach((fn, i) => samples[i].push(batch(fn)));
  return { micros: samples.map(median), ratio: (i, j) => median(samples[i].map((t, r) => t / samples[j][r])) };
}
const microsPerCall = (fn, rounds, per) => perCall([fn], rounds, per).micros[0];

// 1. Payload: what a browser downloads for the engine (issue 26's budgets). One module holds all four
// rulesets today (a per-ruleset split was measured and rejected: docs/architecture.md), so a page that
// plays one ruleset downloads the same bytes as one that plays all four; French is a catalog apart.
{
  const { brotliCompressSync, constants } = await import('node:zlib');
  const files = ['dist/grapeshot-core.wasm', 'dist/grapeshot-core.mjs', 'bindings/js/index.js', 'bindings/js/engine.js',
    'bindings/js/commit-reveal.js', 'bindings/js/gamelog.js'];
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const f of files) {
    const bytes = readFileSync(`${root}/${f}`);
    const s = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
    report.figures[`size ${f}`] = s;
    for (const k of Object.keys(total)) total[k] += s[k];
  }
  figure('download (glue + wasm + package JS), raw', total.raw / 1024, 'KB', '-', null);
  figure('largest single-ruleset download (the one module), gzip -9', total.gzip / 1024, 'KB', '<= 150 KB', total.gzip <= 150 * 1024,
    `brotli ${(total.brotli / 1024).toFixed(1)} KB`);
  figure('all four rulesets, gzip -9', total.gzip / 1024, 'KB', '<= 250 KB', total.gzip <= 250 * 1024,
    `brotli ${(total.brotli / 1024).toFixed(1)} KB`);
  // Only English is in the module; a page that asks for French fetches its catalog besides.
  const fr = readFileSync(`${root}/dist/grapeshot-core.fr.mjs`);
  figure('French catalog (dist/grapeshot-core.fr.mjs, French pages only), gzip -9', gzipSync(fr, { level: 9 }).length / 1024, 'KB', '-', null,
    `brotli ${(brotliCompressSync(fr, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024).toFixed(1)} KB`);
}

// 1b. What an embedder ships: the npm tarball, and a page and a worker bundled from it by esbuild
// and by Vite (tests/browser/consumer.mjs, the same projects the done-when test runs). Figures only.
{
  const { statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { packAndInstall, bundleEsbuild, bundleVite } = await import('../tests/browser/consumer.mjs');
  const { dir, tarball } = packAndInstall();
  figure('npm tarball (npm pack)', statSync(tarball).size / 1024, 'KB', '-', null);
  for (const [name, bundle] of [['esbuild', bundleEsbuild], ['vite', bundleVite]]) {
    const { out, files } = await bundle(dir);
    for (const part of ['page', 'worker', 'wasm']) {
      const bytes = files[part].reduce((n, f) => n + statSync(join(out, f)).size, 0);
      const gzip = files[part].reduce((n, f) => n + gzipSync(readFileSync(join(out, f)), { level: 9 }).length, 0);
      figure(`${name} bundle: ${part} (${files[part].join(', ')}), raw`, bytes / 1024, 'KB', '-', null);
      figure(`${name} bundle: ${part}, gzip -9`, gzip / 1024, 'KB', '-', null);
    }
  }
  const { rmSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  rmSync(dirname(dir), { recursive: true, force: true });
}

// 2. Cold start in a fresh Node process: import + createEngine() + the first resolve.
const [firstName, firstRequest] = Object.entries(requests.resolve)[0];
const cold = [];
for (let i = 0; i < 9; i++) {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
    const t0 = performance.now();
    const { createEngine } = await import('grapeshot');
    const e = await createEngine();
    const r = e.resolve(${JSON.stringify(firstRequest)});
    if (!r.ok) throw new Error(JSON.stringify(r));
    console.log(performance.now() - t0);`], { cwd: root });
  cold.push(Number(out.toString()));
}
figure('cold start: import + createEngine() + first resolve (median of 9)', median(cold), 'ms', '<= 40 ms', median(cold) <= 40);

// 3-4. Per-call times, Node (WASM) and native, same requests.
const native = JSON.parse(execFileSync(`${root}/build/native/grapeshot_bench`, [`${root}/bench/requests.json`]).toString());
const engine = await createEngine();
for (const [name, req] of Object.entries(requests.resolve)) {
  const text = JSON.stringify(req);
  const r = engine.resolve(req);
  if (!r.ok) throw new Error(`bench request ${name}: ${JSON.stringify(r.error)}`);
  // The floor of a JSON API: V8 parsing the request and writing the response text.
  const responseText = JSON.stringify(r);
  const t = perCall([() => engine.resolveJson(text), () => JSON.stringify(JSON.parse(text)) + JSON.stringify(JSON.parse(responseText))], 15, 300);
  const [node, v8] = t.micros;
  const ratio = node / native.resolve[name];
  figure(`resolve ${name} (${text.length} B), traced, Node`, node, 'µs', '-', null);
  figure(`resolve ${name}, traced / V8 JSON.parse + stringify (${v8.toFixed(1)} µs)`, t.ratio(0, 1), 'x', '<= 2.5x', t.ratio(0, 1) <= 2.5);
  const untracedText = JSON.stringify({ ...req, trace: false });
  if (engine.resolve({ ...req, trace: false }).ok) {
    const untracedResponse = engine.resolveJson(untracedText);
    const u = perCall([() => engine.resolveJson(untracedText), () => JSON.stringify(JSON.parse(untracedText)) + JSON.stringify(JSON.parse(untracedResponse))], 15, 300);
    figure(`resolve ${name}, untraced, Node`, u.micros[0], 'µs', '<= 20 µs', u.micros[0] <= 20);
    figure(`resolve ${name}, untraced / V8 JSON.parse + stringify (${u.micros[1].toFixed(1)} µs)`, u.ratio(0, 1), 'x', '<= 0.75x', u.ratio(0, 1) <= 0.75);
  }
  figure(`resolve ${name}, native`, native.resolve[name], 'µs', '-', null);
  figure(`resolve ${name}, Node / native`, ratio, 'x', '<= 2x', ratio <= 2);
}
// Odds against one traced resolve of the same request, interleaved with it (see perCall).
const tracedText = JSON.stringify(requests.resolve['1866 shock']);
const tracedResolve = () => engine.resolveJson(tracedText);
// Odds without sensitivity (one enumeration) against the budget, and with sensitivity (one more
// enumeration per boolean input) for information. Repetitions are sized from a first call.
let worst = null;
for (const [name, base] of Object.entries(requests.odds)) {
  for (const sensitivity of [false, true]) {
    const req = { ...base, sensitivity };
    const t0 = performance.now();
    const o = engine.odds(req);
    const first = (performance.now() - t0) * 1000;
    if (!o.ok) throw new Error(`bench odds ${name}: ${JSON.stringify(o.error)}`);
    // A what-if table over the budget is answered as sensitivityError beside the odds: not what is timed.
    if (o.sensitivityError) throw new Error(`bench odds ${name}: ${JSON.stringify(o.sensitivityError)}`);
    const per = Math.max(1, Math.min(200, Math.floor(200000 / Math.max(first, 1))));
    const t = perCall([() => engine.odds(req), tracedResolve], 7, per);
    const node = t.micros[0];
    const what = sensitivity ? `${o.sensitivity.length} sensitivities` : `${o.paths} dice sequences`;
    if (sensitivity) {
      figure(`odds + sensitivity ${name} (${what}), Node`, node, 'µs', '-', null);
      if (name === '1866 shock') figure('odds + sensitivity 1866 shock / one traced resolve', t.ratio(0, 1), 'x', '<= 100x', t.ratio(0, 1) <= 100);
      if (name === 'waterloo shock 3 v 2') figure('odds + sensitivity waterloo shock 3 v 2, Node', node / 1000, 'ms', '<= 16 ms (a frame)', node <= 16000);
      figure(`odds + sensitivity ${name}, native`, native.oddsSensitivity[name], 'µs', '-', null);
    } else {
      figure(`odds ${name} (${what}), Node`, node, 'µs', '-', null);
      if (name === '1866 shock') figure('odds 1866 shock / one traced resolve', t.ratio(0, 1), 'x', '<= 4x', t.ratio(0, 1) <= 4);
      figure(`odds ${name}, native`, native.odds[name], 'µs', '-', null);
      if (!worst || node > worst.node) worst = { name, node };
    }
  }
}
// Any request within the schema's limits: an answer within 100 ms, or odds_too_complex within 1 ms.
{
  const unit = (i) => ({ strength: 3 + (i % 3), steps: 3, cohesion: 4 });
  const huge = { ruleset: 'battles-of-waterloo', procedure: 'shock', attacker: { units: Array.from({ length: 8 }, (_, i) => unit(i)) },
    defender: { units: Array.from({ length: 4 }, (_, i) => unit(i)) } };
  const t0 = performance.now();
  const o = engine.odds(huge);
  const ms = performance.now() - t0;
  figure(`odds of 8 v 4 Waterloo shock: ${o.ok ? 'answered' : o.error.code}`, ms, 'ms', o.ok ? '<= 100 ms' : '<= 1 ms', o.ok ? ms <= 100 : ms <= 1);
}
// Issue 30: the work is bounded as it is done. An estimate fooled low (bench/odds-fooled.json) is
// estimated again at its allowance (4,000 sequences) instead of running to the budget; sensitivity
// 'all' estimates each what-if on its own, so a request one what-if puts over the budget is refused
// before any sequence. tests/js/odds-work.test.mjs checks the counts; the times are here.
{
  const fooled = JSON.parse(readFileSync(`${root}/bench/odds-fooled.json`, 'utf8'));
  const unit = (i) => ({ strength: 3 + (i % 3), steps: 3, cohesion: 4 });
  const cases = [
    ['fooled estimate within the budget (9,225 sequences)', { ...fooled.withinBudget, sensitivity: false }, null],
    ...(fooled.overBudget ? [['fooled estimate over the budget', { ...fooled.overBudget, sensitivity: false }, 100]] : []),
    ['6 v 3 Waterloo shock, sensitivity all (over the budget)', { ruleset: 'battles-of-waterloo', procedure: 'shock', sensitivity: 'all',
      attacker: { units: Array.from({ length: 6 }, (_, i) => unit(i)) }, defender: { units: Array.from({ length: 3 }, (_, i) => unit(i)) } }, 100],
  ];
  for (const [name, req, budget] of cases) {
    const times = [];
    let o;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      o = engine.odds(req);
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    const what = o.ok ? `answered, ${o.paths} sequences` : `${o.error.code}: ${o.error.message.slice(0, 60)}`;
    figure(`odds, ${name}: ${what}`, ms, 'ms', budget === null ? '-' : `<= ${budget} ms`, budget === null ? null : ms <= budget);
  }
}
report.mostExpensiveOdds = worst;
// Issue 26's common case: three Waterloo units attacking two in a village, odds + what-ifs.
{
  const common = { ruleset: 'battles-of-waterloo', procedure: 'shock', attacker: { units: [{ type: 'infantry', strength: 6, steps: 4, cohesion: 6 },
    { type: 'infantry', strength: 5, steps: 4, cohesion: 5 }, { type: 'lightCavalry', strength: 3, steps: 2, cohesion: 6 }] },
  defender: { units: [{ type: 'infantry', strength: 5, steps: 4, cohesion: 6 }, { type: 'artillery', strength: 2, steps: 1, cohesion: 5 }], terrain: 'village' },
  sensitivity: true };
  const o = engine.odds(common);
  if (!o.ok) throw new Error(`bench odds (issue 26 case): ${JSON.stringify(o.error)}`);
  const ms = microsPerCall(() => engine.odds(common), 5, 5) / 1000;
  figure('odds + sensitivity, issue 26 case (Waterloo 3 v 2, village), Node', ms, 'ms', '<= 16 ms (a frame)', ms <= 16);
}

// 4b. Against another checkout's build: `npm run bench -- --against DIR` (DIR a worktree of another
// commit, its wasm built: `git worktree add DIR 610b98d && cd DIR && npm run build`). Each per-call
// figure above is timed interleaved with the same call on DIR's engine (see perCall) and printed as
// now / DIR: the answer to "at least as good as <commit>", which two separate runs of this bench on
// this machine cannot give.
const againstAt = process.argv.indexOf('--against');
if (againstAt > 0) {
  const { resolve: resolvePath } = await import('node:path');
  const { pathToFileURL } = await import('node:url');
  const dir = resolvePath(process.argv[againstAt + 1]);
  const rev = execFileSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD']).toString().trim();
  const { createEngine: createOther } = await import(pathToFileURL(`${dir}/bindings/js/index.js`).href);
  const other = await createOther({ wasmBinary: readFileSync(`${dir}/dist/grapeshot-core.wasm`) });
  const calls = [];
  for (const [name, req] of Object.entries(requests.resolve)) {
    for (const trace of [true, false]) {
      const text = JSON.stringify({ ...req, trace });
      if (JSON.parse(engine.resolveJson(text)).ok) calls.push([`resolve ${name}, ${trace ? 'traced' : 'untraced'}`, 'resolveJson', text, 15, 300]);
    }
  }
  for (const [name, base] of Object.entries(requests.odds)) {
    // Many short rounds rather than a few long ones: a round's two batches then fall within one of the
    // machine's speed swings (seconds long), which a batch of 200 ms often straddled.
    for (const sensitivity of [false, true]) calls.push([`odds${sensitivity ? ' + sensitivity' : ''} ${name}`, 'odds', { ...base, sensitivity }, 25, 0]);
  }
  for (const [label, method, arg, rounds, per0] of calls) {
    const t0 = performance.now();
    const answer = other[method](arg);
    const per = per0 || Math.max(1, Math.min(200, Math.floor(50000 / Math.max((performance.now() - t0) * 1000, 1))));
    if (!(typeof answer === 'string' ? JSON.parse(answer) : answer).ok) throw new Error(`--against ${rev}: ${label} refused`);
    const t = perCall([() => engine[method](arg), () => other[method](arg)], rounds, per);
    figure(`${label}: now / ${rev}`, t.ratio(0, 1), 'x', '<= 1.00x', t.ratio(0, 1) <= 1, `${t.micros[0].toFixed(1)} / ${t.micros[1].toFixed(1)} µs`);
  }
}

// 5. Batch throughput: one call, many requests.
const lookups = Array.from({ length: 20000 }, (_, i) => ({ ruleset: 'napoleon-iii-1866', table: 'combat', column: i % 9, roll: i % 7 }));
// Throughput once warm, as for the per-call figures: a second of batches first (V8 tiers the batch's
// code up in the background as it runs), then the median of 5 batches of 20,000.
for (const warm = performance.now() + 1000; performance.now() < warm;) engine.batch(lookups, { call: 'lookup' });
const batchSecs = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const answers = engine.batch(lookups, { call: 'lookup' });
  batchSecs.push((performance.now() - t) / 1000);
  if (answers.length !== lookups.length || !answers.every((a) => a.ok)) throw new Error('lookup batch failed');
}
const lookupRate = lookups.length / median(batchSecs);
figure('batch lookup throughput, JSON batch, Node (median of 5)', lookupRate, '/s', '>= 400,000 /s', lookupRate >= 4e5);
{
  const n = 1_000_000;
  const pairs = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) { pairs[2 * i] = i % 9; pairs[2 * i + 1] = i % 7; }
  engine.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, pairs.subarray(0, 2000));
  const t = performance.now();
  const out = engine.lookupCodes({ ruleset: 'napoleon-iii-1866', table: 'combat' }, pairs);
  const s = (performance.now() - t) / 1000;
  if (!out.ok || out.codes.length !== n) throw new Error('typed lookup batch failed');
  figure('batch lookup throughput, typed arrays (lookupCodes), Node', n / s, '/s', '>= 10,000,000 /s', n / s >= 1e7);
}
const resolves = Array.from({ length: 2000 }, (_, i) => ({ ...firstRequest, seed: i }));
let t0 = performance.now();
engine.batch(resolves);
let secs = (performance.now() - t0) / 1000;
figure(`batch resolve throughput (${firstName}), Node`, resolves.length / secs, '/s', '-', null);

// 6. Memory after 1,000,000 calls (lookups, so the million fits the 5-minute bench; resolve is
// covered by the hardening suite's million requests): must not grow after warm-up.
const lookupRequest = { ruleset: 'napoleon-iii-1866', table: 'combat', column: 4, roll: 3 };
for (let i = 0; i < 20000; i++) engine.lookup(lookupRequest);
global.gc?.();
const heap0 = process.memoryUsage().heapUsed;
const wasm0 = engine.memory().wasmBytes;
t0 = performance.now();
for (let i = 0; i < 1_000_000; i++) engine.lookup(lookupRequest);
secs = (performance.now() - t0) / 1000;
global.gc?.();
const heap1 = process.memoryUsage().heapUsed;
const wasm1 = engine.memory().wasmBytes;
figure('WASM memory after warm-up', wasm0 / 1024, 'KB', '-', null);
figure('WASM memory growth over 1,000,000 calls', (wasm1 - wasm0) / 1024, 'KB', '0 KB', wasm1 === wasm0);
figure('JS heap growth over 1,000,000 calls (after gc)', (heap1 - heap0) / 1024, 'KB', '< 1024 KB', heap1 - heap0 < 1024 * 1024,
  `${secs.toFixed(1)} s for the million`);

// 7. Bad input is refused quickly (the hardening budget: 10 ms each, in WASM). Timed here, never in
// a test: a timing assertion fails on a loaded machine. Best of 5 per case; the worst case reported.
{
  const { runCase } = await import('../tests/js/support.mjs');
  const { cases } = JSON.parse(readFileSync(`${root}/tests/fixtures/bad-input.json`, 'utf8'));
  let worstBad = { ms: 0, name: '' };
  for (const c of cases) {
    let best = Infinity;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      runCase(engine, c);
      best = Math.min(best, performance.now() - t);
    }
    if (best > worstBad.ms) worstBad = { ms: best, name: c.name };
  }
  const big = JSON.stringify({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, x: 'w'.repeat(10 * 2 ** 20) });
  let bigBest = Infinity;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    engine.resolveJson(big);
    bigBest = Math.min(bigBest, performance.now() - t);
  }
  figure(`bad input refused, worst of ${cases.length} fixture classes (best of 5)`, worstBad.ms, 'ms', '<= 10 ms', worstBad.ms <= 10, worstBad.name);
  figure('bad input refused: 10 MB of request text', bigBest, 'ms', '<= 10 ms', bigBest <= 10);
  const typed = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: new Uint8Array(1e7) };
  let typedBest = Infinity;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    engine.resolve(typed);
    typedBest = Math.min(typedBest, performance.now() - t);
  }
  figure('bad input refused: a Uint8Array of 10,000,000 as a field', typedBest, 'ms', '<= 10 ms', typedBest <= 10);
}

// 8. WASM memory after the largest batch the engine takes (20,000 small receipt requests; their
// answers pass the 16 MiB cap, so it is refused part way): the linear memory never shrinks, so what a
// batch may allocate is bounded instead (items, answers).
{
  const item = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, receipt: true };
  const n = Math.min(20000, Math.floor((4 * 2 ** 20) / JSON.stringify(item).length));  // the most a batch may hold
  const before = engine.memory().wasmBytes;
  const out = engine.batch(Array.from({ length: n }, () => item));
  const after = engine.memory().wasmBytes;
  figure(`WASM memory after a batch of ${n} receipt requests (${Array.isArray(out) ? 'answered' : out.error.code})`,
    after / 2 ** 20, 'MB', `<= ${(before / 2 ** 20 + 64).toFixed(0)} MB (before + 64)`, after - before <= 64 * 2 ** 20);
}

// 9. The calculator in Chromium (issue 12): the first odds after a cold load of a shared link of a
// 1 v 1 Waterloo shock, and the odds after an edit (the page waits 150 ms after the last keystroke
// before it asks, so that typing does not start a job per key).
{
  const { buildWeb } = await import('./build-web.mjs');
  const { startServer } = await import('./serve.mjs');
  const { chromium } = await import('playwright-core');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  await buildWeb({ quiet: true });
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${server.address().port}/`;
  // Issue 30: the server never compresses a file of the site (build-web writes .br/.gz beside it),
  // so after a burst of 200 concurrent brotli GETs of the wasm, one more costs a read, not a
  // compression (before: 140-160 ms of blocking CPU each, for good, once the cache was poisoned).
  {
    const { request } = await import('node:http');
    const get = () => new Promise((resolve, reject) => {
      const req = request(`${url}dist/grapeshot-core.wasm`, { headers: { 'Accept-Encoding': 'br' }, agent: false }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end();
    });
    await Promise.all(Array.from({ length: 200 }, get));
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await get();
      times.push(performance.now() - t0);
    }
    const ms = median(times);
    figure(`server: a brotli GET of the wasm after 200 concurrent ones (${server.compressionStats.compressions} compressions)`, ms, 'ms', '<= 20 ms',
      ms <= 20 && server.compressionStats.compressions === 0);
  }
  const launch = () => chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'grapeshot-bench-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const oddsShown = () => document.getElementById('odds').dataset.phase && document.getElementById('odds').dataset.stale !== 'true';
  try {
    // A link as a player shares it: the page writes its state into the hash at every edit.
    let link;
    {
      const browser = await launch();
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => window.__grapeshotReady === true, null, { timeout: 60000 });
      await page.selectOption('#ruleset', 'battles-of-waterloo');
      await page.selectOption('#procedure', 'shock');
      await page.waitForFunction(oddsShown, null, { timeout: 30000 });
      await page.fill('#calculator [data-path="/attacker/units/0/strength"]', '4');
      await page.waitForFunction(() => location.hash.startsWith('#s='));
      link = page.url();
      await browser.close();
    }
    const firsts = [];
    const edits = [];
    for (let i = 0; i < 3; i++) {
      const browser = await launch();  // a fresh profile: nothing cached, no service worker yet
      const page = await browser.newPage();
      const t0 = Date.now();
      await page.goto(link);
      await page.waitForFunction(oddsShown, null, { timeout: 60000, polling: 5 });
      firsts.push(Date.now() - t0);
      for (const value of ['5', '6', '3']) {
        edits.push(await page.evaluate(async (v) => {
          const field = document.querySelector('#calculator [data-path="/attacker/units/0/strength"]');
          const t = performance.now();
          field.value = v;
          field.dispatchEvent(new Event('input', { bubbles: true }));
          while (!(window.__grapeshotOddsRequest?.attacker?.units?.[0]?.strength === Number(v) &&
                   document.getElementById('odds').dataset.stale !== 'true')) await new Promise(requestAnimationFrame);
          return performance.now() - t;
        }, value));
      }
      await browser.close();
    }
    const first = median(firsts);
    const edit = median(edits);
    figure('calculator: first odds after a cold load of a shared link (1 v 1 Waterloo shock, Chromium)', first, 'ms', '<= 600 ms', first <= 600);
    figure('calculator: odds after an edit (1 v 1 Waterloo shock; 150 ms of it the typing pause)', edit, 'ms', '<= 200 ms', edit <= 200);
  } catch (e) {
    figure('calculator in Chromium', NaN, 'ms', '<= 1000 ms / <= 200 ms', false, `not measured: ${e.message.split('\n')[0]}`);
  } finally {
    await new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
  }
}

const widths = [0, 1, 2, 3].map((c) => Math.max(...rows.map((r) => r[c].length), 6));
console.log(`\ngrapeshot benchmark — ${process.version}, ${new Date().toISOString()}\n`);
for (const r of rows) console.log(`${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padEnd(widths[2])}  ${r[3].padEnd(widths[3])}  ${r[4]}`);
writeFileSync(`${root}/build/bench.json`, `${JSON.stringify(report, null, 2)}\n`);
console.log('\nmachine-readable report: build/bench.json');

