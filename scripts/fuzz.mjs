// libFuzzer runs of the fuzz targets (clang + ASan + UBSan), one per entry point:
//   node scripts/fuzz.mjs [seconds per target=60] [targets=resolve,odds,batch,lookup,verify] [buildDir=build/asan]
// Seed corpus: every request of tests/fixtures/ and fuzz/regressions/ (for batch: groups of them,
// for verify: their receipts), written to <buildDir>/fuzz-seeds-<target>; dictionary: every field
// name and enum value of the rulesets' schemas. The growing corpora are kept in
// <buildDir>/fuzz-corpus-<target>, crashes in <buildDir>/fuzz-artifacts. Exits non-zero on any finding.
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { root } from './bootstrap.mjs';

const ALL = ['resolve', 'odds', 'batch', 'lookup', 'verify'];
const seconds = Number(process.argv[2] ?? 60);
const targets = (process.argv[3] ?? ALL.join(',')).split(',');
const dir = join(root, process.argv[4] ?? 'build/asan');
for (const t of targets) {
  if (!ALL.includes(t)) throw new Error(`unknown fuzz target ${t} (${ALL.join(', ')})`);
  if (!existsSync(join(dir, `fuzz_${t}`))) {
    console.error(`${join(dir, `fuzz_${t}`)} is missing: configure with -DCMAKE_CXX_COMPILER=clang++-14 -DGRAPESHOT_SANITIZE=ON -DGRAPESHOT_FUZZ=ON`);
    process.exit(2);
  }
}

// Requests: every fixture's, and the regression inputs that once crashed or overflowed.
const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
  e.isDirectory() ? walk(join(d, e.name)) : e.name.endsWith('.json') ? [join(d, e.name)] : []);
const requests = [];
for (const file of walk(join(root, 'tests/fixtures')))
  for (const c of JSON.parse(readFileSync(file, 'utf8')).cases ?? []) {
    const text = c.text ?? JSON.stringify(c.request);
    if (text !== undefined) requests.push(text);
  }
for (const file of walk(join(root, 'fuzz/regressions'))) requests.push(readFileSync(file, 'utf8').trim());

// Receipts of the requests that resolve (natively, with the same build), for the verify target.
function receipts() {
  const lines = requests.filter((t) => !t.includes('\n')).map((t) => {
    try { return JSON.stringify({ ...JSON.parse(t), receipt: true }); } catch { return null; }
  }).filter(Boolean);
  const r = spawnSync(join(dir, 'grapeshot_cli'), [], { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
  return r.stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)).filter((x) => x.ok && x.receipt).map((x) => JSON.stringify(x.receipt));
}

function seedsFor(target) {
  const byte = (n) => String.fromCharCode(n);
  switch (target) {
    case 'batch': {
      const out = [];
      for (let i = 0; i < requests.length; i += 3) {
        const group = requests.slice(i, i + 3).filter((t) => { try { JSON.parse(t); return true; } catch { return false; } });
        if (group.length) out.push(byte(i % 3) + `[${group.join(',')}]`);
      }
      return out;
    }
    case 'verify': return receipts().flatMap((r) => [byte(0) + r, byte(1) + r]);
    default: return requests;
  }
}

// Dictionary: field names, enum strings and the envelope's words.
const tokens = new Set(['ruleset', 'procedure', 'options', 'dice', 'seed', 'receipt', 'commitReveal', 'commitments',
  'secrets', 'context', 'table', 'column', 'roll', 'format', 'engine', 'dataHash', 'request', 'rolls', 'result',
  'diceSource', 'supplied', 'drawn', 'commitReveal', 'sensitivity', 'trace', 'grapeshot-receipt/2', 'grapeshot-receipt/3', 'true', 'false', 'null']);
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
const artifacts = join(dir, 'fuzz-artifacts') + '/';
mkdirSync(artifacts, { recursive: true });

let total = 0;
for (const target of targets) {
  const seeds = join(dir, `fuzz-seeds-${target}`);
  rmSync(seeds, { recursive: true, force: true });
  mkdirSync(seeds, { recursive: true });
  const inputs = seedsFor(target);
  for (const text of inputs) writeFileSync(join(seeds, createHash('sha1').update(text).digest('hex')), text, 'latin1');
  const corpus = join(dir, `fuzz-corpus-${target}`);
  mkdirSync(corpus, { recursive: true });
  console.log(`[fuzz ${target}] ${inputs.length} seed inputs, ${tokens.size} dictionary tokens, ${seconds} s`);
  const t0 = Date.now();
  const r = spawnSync(join(dir, `fuzz_${target}`), [`-max_total_time=${seconds}`, '-timeout=10', '-rss_limit_mb=2560',
    '-max_len=8192', `-dict=${dict}`, `-artifact_prefix=${artifacts}${target}-`, '-print_final_stats=1', corpus, seeds], {
    stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 28,
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=0', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' },
  });
  const err = r.stderr ?? '';
  const stat = (name) => err.match(new RegExp(`stat::${name}:\\s*(\\d+)`))?.[1];
  const tail = err.split('\n').filter((l) => !/^#\d+\s+(NEW|REDUCE|pulse|RELOAD)/.test(l)).slice(-40).join('\n');
  if (r.status !== 0 || /ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:/.test(err)) {
    console.error(tail);
    console.error(`[fuzz ${target}] FAILED (exit ${r.status ?? r.signal}); the input is in ${artifacts}`);
    process.exit(1);
  }
  total += Number(stat('number_of_executed_units') ?? 0);
  console.log(`[fuzz ${target}] ${stat('number_of_executed_units')} executions in ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
    `(${stat('average_exec_per_sec')}/s), peak RSS ${stat('peak_rss_mb')} MB, corpus ${readdirSync(corpus).length} files: ` +
    'no crash, leak or sanitizer report');
}
console.log(`[fuzz] ${total} executions in all over ${targets.length} target(s)`);
