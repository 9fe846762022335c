// libFuzzer run of fuzz/fuzz_resolve (clang + ASan + UBSan) on the JSON entry point.
//   node scripts/fuzz.mjs [seconds=60] [buildDir=build/asan]
// Seed corpus: every request of tests/fixtures/ (written to <buildDir>/fuzz-seeds); dictionary: every
// field name and enum value of the rulesets' schemas. The growing corpus is kept in
// <buildDir>/fuzz-corpus, crashes in <buildDir>/fuzz-artifacts. Exits non-zero on any finding.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { root } from './bootstrap.mjs';

const seconds = Number(process.argv[2] ?? 60);
const dir = join(root, process.argv[3] ?? 'build/asan');
const exe = join(dir, 'fuzz_resolve');
if (!existsSync(exe)) {
  console.error(`${exe} is missing: configure with -DCMAKE_CXX_COMPILER=clang++-14 -DGRAPESHOT_SANITIZE=ON -DGRAPESHOT_FUZZ=ON`);
  process.exit(2);
}

// Seeds from the fixtures.
const seeds = join(dir, 'fuzz-seeds');
rmSync(seeds, { recursive: true, force: true });
mkdirSync(seeds, { recursive: true });
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : []);
let nSeeds = 0;
for (const file of walk(join(root, 'tests/fixtures'))) {
  for (const c of JSON.parse(readFileSync(file, 'utf8')).cases ?? []) {
    const text = c.text ?? JSON.stringify(c.request);
    if (text === undefined) continue;
    writeFileSync(join(seeds, createHash('sha1').update(text).digest('hex')), text);
    nSeeds++;
  }
}

// Dictionary: field names, enum strings and the envelope's words.
const tokens = new Set(['ruleset', 'procedure', 'options', 'dice', 'seed', 'receipt', 'commitReveal', 'commitments',
  'secrets', 'context', 'table', 'column', 'roll', 'format', 'engine', 'dataHash', 'request', 'rolls', 'result',
  'grapeshot-receipt/1', 'true', 'false', 'null']);
const collect = (v) => {
  if (Array.isArray(v)) v.forEach(collect);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (!['title', 'description', 'x-enumLabels', 'ruling'].includes(k)) { tokens.add(k); collect(x); }
    }
  } else if (typeof v === 'string' && v.length < 40) tokens.add(v);
};
for (const d of readdirSync(join(root, 'src/rulesets'))) {
  const p = join(root, 'src/rulesets', d, 'ruleset.json');
  if (existsSync(p)) {
    const m = JSON.parse(readFileSync(p, 'utf8'));
    tokens.add(m.id);
    collect(m.options);
    collect(m.procedures);
  }
}
const dict = join(dir, 'fuzz.dict');
writeFileSync(dict, [...tokens].map((t) => JSON.stringify(JSON.stringify(t))).join('\n') + '\n');

const corpus = join(dir, 'fuzz-corpus');
const artifacts = join(dir, 'fuzz-artifacts') + '/';
mkdirSync(corpus, { recursive: true });
mkdirSync(artifacts, { recursive: true });
console.log(`[fuzz] ${nSeeds} seed inputs, ${tokens.size} dictionary tokens, ${seconds} s`);
const t0 = Date.now();
const r = spawnSync(exe, [`-max_total_time=${seconds}`, '-timeout=5', '-rss_limit_mb=2560', '-max_len=8192',
  `-dict=${dict}`, `-artifact_prefix=${artifacts}`, '-print_final_stats=1', corpus, seeds], {
  stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28,
  env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' },
});
const err = r.stderr ?? '';
const stat = (name) => err.match(new RegExp(`stat::${name}:\\s*(\\d+)`))?.[1];
const tail = err.split('\n').filter((l) => !/^#\d+\s+(NEW|REDUCE|pulse|RELOAD)/.test(l)).slice(-40).join('\n');
if (r.status !== 0 || /ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:/.test(err)) {
  console.error(tail);
  console.error(`[fuzz] FAILED (exit ${r.status ?? r.signal}); the input is in ${artifacts}`);
  process.exit(1);
}
console.log(`[fuzz] ${stat('number_of_executed_units')} executions in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
  `(${stat('average_exec_per_sec')}/s), peak RSS ${stat('peak_rss_mb')} MB, corpus ${readdirSync(corpus).length} files: ` +
  'no crash, leak or sanitizer report');
