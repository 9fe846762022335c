// 1,000,000 random and mutated requests into the WASM module through the public API: no trap, no
// exception escapes, every answer is a well-formed envelope without internal_error, and the
// module's memory does not grow after warm-up; every result has its procedure's declared shape.
// GRAPESHOT_ROBUSTNESS_N overrides the count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from 'grapeshot';
import { fixtureFiles, resultMismatch, resultSchemas } from './support.mjs';

const N = Number(process.env.GRAPESHOT_ROBUSTNESS_N ?? 20000);  // npm run soak: 1,000,000
const WARMUP = Math.min(100000, Math.floor(N / 4));

// The module's linear memory, caught as it is instantiated (the wrapper keeps the module private).
let memory = null;
const instantiate = WebAssembly.instantiate;
WebAssembly.instantiate = async function (...args) {
  const r = await instantiate.apply(this, args);
  const exports = (r.instance ?? r).exports;
  memory = Object.values(exports).find((x) => x instanceof WebAssembly.Memory) ?? memory;
  return r;
};

// mulberry32: a reproducible stream of inputs (the failing index and seed are reported).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const JUNK = ['{', '}', '[', ']', '"', ':', ',', '0', '-', '1e999', '.', '\\', 'null', 'true', ' ', '\u0000', 'é', '\uD800',
  '"x"', '-9223372036854775809', '18446744073709551616', '1.5', 'NaN', '\\u0000', '\\ud800', '{}', '[]'];

function generator(seed, bases) {
  const r = rng(seed);
  const int = (n) => Math.floor(r() * n);
  const pick = (a) => a[int(a.length)];
  const strings = new Set();
  const collect = (v) => {
    if (typeof v === 'string') strings.add(v);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) { strings.add(k); collect(x); }
  };
  bases.forEach(collect);
  const words = [...strings].filter((s) => s.length < 40);
  const scalar = () => pick([
    () => int(12) - 2, () => int(1000), () => -int(1e9), () => 2 ** 53 + int(10), () => -(2 ** 63), () => r() * 10,
    () => NaN, () => Infinity, () => pick(words), () => 'x'.repeat(int(3000)), () => true, () => false, () => null,
    () => '', () => pick(words).toUpperCase(), () => 4294967296, () => 0.5,
  ])();
  const value = (depth) => {
    const k = int(depth > 3 ? 1 : 4);
    if (k === 0) return scalar();
    if (k === 1) return Array.from({ length: int(5) }, () => value(depth + 1));
    if (k === 2) return Object.fromEntries(Array.from({ length: int(4) }, () => [pick(words), value(depth + 1)]));
    return Array.from({ length: int(8) }, () => int(12) - 1);  // dice-like
  };
  // A random path into an object: the containers along it.
  const mutate = (obj) => {
    let node = obj;
    for (let d = 0; d < 4 && node && typeof node === 'object'; d++) {
      const keys = Object.keys(node);
      if (keys.length === 0 || r() < 0.3) break;
      const k = pick(keys);
      if (node[k] && typeof node[k] === 'object' && r() < 0.6) { node = node[k]; continue; }
      const op = int(6);
      if (op === 0) delete node[k];
      else if (op === 1) node[k] = scalar();
      else if (op === 2) node[k] = value(2);
      else if (op === 3) node[pick(words)] = scalar();
      else if (op === 4) { node[k + pick(['', 'x', 's'])] = node[k]; delete node[k]; }
      else if (Array.isArray(node)) node.push(...node.slice(0, int(3)));
      else node[k] = [node[k]];
      return obj;
    }
    if (node && typeof node === 'object' && !Array.isArray(node)) node[pick(words)] = value(2);
    return obj;
  };
  const mutateText = (text) => {
    let t = text;
    for (let i = 0, n = 1 + int(4); i < n; i++) {
      const p = int(t.length + 1);
      const op = int(5);
      if (op === 0) t = t.slice(0, p) + t.slice(p + 1 + int(5));
      else if (op === 1) t = t.slice(0, p) + pick(JUNK) + t.slice(p);
      else if (op === 2) t = t.slice(0, p) + pick(JUNK) + t.slice(p + 1);
      else if (op === 3) t = t.slice(0, p);
      else { const q = int(t.length + 1); t = t.slice(0, p) + t.slice(Math.min(p, q), Math.max(p, q)) + t.slice(p); }
    }
    return t;
  };
  // Returns [kind, call(engine) -> response object].
  return () => {
    const base = pick(bases);
    const k = r();
    if (k < 0.15) {
      const req = { ...structuredClone(base), seed: int(2 ** 32) };
      delete req.dice;
      return ['seeded', (e) => e.resolve(req)];
    }
    if (k < 0.55) {
      const req = mutate(structuredClone(base));
      if (r() < 0.2) req.receipt = true;
      return ['mutated object', (e) => e.resolve(req)];
    }
    if (k < 0.85) {
      const text = mutateText(JSON.stringify(base));
      return ['mutated text', (e) => JSON.parse(e.resolveJson(text))];
    }
    if (k < 0.92) {
      const v = value(0);
      return ['random value', (e) => e.resolve(v)];
    }
    if (k < 0.95) {
      const req = mutate({ ruleset: base.ruleset, table: pick(words), column: int(12) - 1, roll: int(14) - 2 });
      return ['lookup', (e) => (r() < 0.5 ? e.lookup(req) : e.table(req))];
    }
    const req = { ...structuredClone(base), receipt: true, seed: int(1000) };
    delete req.dice;
    return ['receipt', (e) => {
      const res = e.resolve(req);
      if (!res.ok) return res;
      const receipt = r() < 0.5 ? mutate(structuredClone(res.receipt)) : res.receipt;
      const v = e.verify(receipt);
      if (receipt === res.receipt && v.valid !== true) throw new Error(`an untouched receipt does not verify: ${JSON.stringify(v)}`);
      return v;
    }];
  };
}

function checkEnvelope(res) {
  if (res === null || typeof res !== 'object' || typeof res.ok !== 'boolean') return 'not an envelope';
  if (res.ok) return null;
  const { error } = res;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || typeof error.path !== 'string') return 'malformed error';
  if (error.path !== '' && !error.path.startsWith('/')) return 'path is not a JSON Pointer';
  if (error.code === 'internal_error') return 'internal_error';
  return null;
}

// A resolution's result has its declared shape (results.json), whatever the request was.
const schemas = resultSchemas();
function checkResult(res) {
  if (!res.ok || !res.result || !res.procedure) return null;
  const s = schemas[res.ruleset];
  return resultMismatch(res.result, s.procedures[res.procedure], s.definitions, '/result');
}

test(`${N} random and mutated requests: no trap, no throw, no internal_error, no memory growth`, async () => {
  const e = await createEngine();
  assert.ok(memory, 'caught the module memory');
  const bases = fixtureFiles().flatMap(({ cases }) => cases)
    .filter((c) => !c.call && !c.text && c.request && typeof c.request === 'object' && !Array.isArray(c.request))
    .map((c) => c.request);
  const seed = Number(process.env.GRAPESHOT_ROBUSTNESS_SEED ?? 20261122);
  const next = generator(seed, bases);
  const kinds = {};
  const t0 = Date.now();
  let afterWarmup = 0;
  let heapAfterWarmup = 0;
  for (let i = 0; i < N; i++) {
    if (i === WARMUP) {
      afterWarmup = memory.buffer.byteLength;
      heapAfterWarmup = process.memoryUsage().heapUsed;
    }
    const [kind, call] = next();
    let res;
    try {
      res = call(e);
    } catch (err) {
      assert.fail(`request ${i} (${kind}, seed ${seed}) threw: ${err?.stack ?? err}`);
    }
    const problem = checkEnvelope(res) ?? checkResult(res);
    if (problem) assert.fail(`request ${i} (${kind}, seed ${seed}): ${problem}: ${JSON.stringify(res).slice(0, 600)}`);
    const key = `${kind} ${res.ok ? 'ok' : res.error.code}`;
    kinds[key] = (kinds[key] ?? 0) + 1;
  }
  const final = memory.buffer.byteLength;
  const secs = (Date.now() - t0) / 1000;
  console.log(`# robustness: ${N} requests in ${secs.toFixed(1)} s; wasm memory ${afterWarmup} B after ${WARMUP} (warm-up), ` +
    `${final} B at the end; JS heap ${(heapAfterWarmup / 2 ** 20).toFixed(1)} -> ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(1)} MB`);
  console.log(`# outcomes: ${JSON.stringify(Object.fromEntries(Object.entries(kinds).sort((a, b) => b[1] - a[1])))}`);
  assert.equal(final, afterWarmup, 'the module memory grew after warm-up');
  // Still answers a known request correctly.
  const known = e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [5] });
  assert.equal(known.ok, true);
  assert.equal(known.result.passed, false);
});
