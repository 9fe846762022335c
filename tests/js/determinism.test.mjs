// Determinism across platforms: the README's PCG32 test vectors from an independent implementation,
// and one SHA-256 over 100,000 seeded resolutions of every fixture request (all rulesets and
// procedures), identical in Node, in Chromium and natively (tests/native/test_determinism.cpp).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { engine, fixtureFiles } from './support.mjs';

const N = Number(process.env.GRAPESHOT_DETERMINISM_N ?? 100000);

// README "Dice": seed -> first raw outputs, first ten d6, first ten d10 (each die from a fresh generator).
export const VECTORS = [
  [0, ['47c28b93', 'b98f6a27', '7d3dcb1e'], [6, 6, 3, 5, 2, 2, 3, 5, 4, 4], [1, 3, 4, 2, 5, 7, 2, 6, 7, 9]],
  [1, ['9b6bdda9', '0c31fc48', 'ce97f8ef'], [2, 5, 2, 3, 5, 2, 5, 2, 3, 6], [7, 0, 9, 4, 2, 7, 6, 7, 6, 5]],
  [42, ['a15c02b7', '7b47f409', 'ba1d3330'], [4, 4, 3, 2, 2, 5, 6, 4, 1, 3], [3, 7, 4, 5, 5, 6, 5, 5, 4, 4]],
  [12345, ['f60105d9', 'cec02ee0', '8774b855'], [2, 3, 2, 2, 4, 1, 2, 4, 4, 2], [9, 8, 5, 7, 9, 2, 1, 9, 3, 3]],
  [4294967295, ['1836f28a', '41720992', '67039735'], [3, 5, 2, 3, 3, 4, 2, 4, 4, 6], [8, 4, 5, 4, 2, 3, 1, 7, 3, 5]],
];

// PCG32 as the README describes it, written from the description with BigInt (not from the C++).
class Pcg32 {
  constructor(seed, stream = 54n) {
    this.state = 0n;
    this.inc = (stream << 1n) | 1n;
    this.next();
    this.state = (this.state + BigInt(seed)) & 0xffffffffffffffffn;
    this.next();
  }
  next() {
    const old = this.state;
    this.state = (old * 6364136223846793005n + this.inc) & 0xffffffffffffffffn;
    const x = Number(((old >> 18n) ^ old) >> 27n & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((x >>> rot) | (x << ((32 - rot) & 31))) >>> 0;
  }
  bounded(n) {
    const threshold = (2 ** 32 - n) % n;
    for (;;) {
      const r = this.next();
      if (r >= threshold) return r % n;
    }
  }
}

test('an independent PCG32 reproduces the README test vectors', () => {
  for (const [seed, raw, d6, d10] of VECTORS) {
    const g = new Pcg32(seed);
    assert.deepEqual(raw.map(() => g.next().toString(16).padStart(8, '0')), raw);
    const a = new Pcg32(seed);
    assert.deepEqual(d6.map(() => 1 + a.bounded(6)), d6);
    const b = new Pcg32(seed);
    assert.deepEqual(d10.map(() => b.bounded(10)), d10);
  }
});

test('the WASM engine rolls the README test vectors', async () => {
  const e = await engine();
  for (const [seed, , d6] of VECTORS) {
    const r = e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, seed });
    assert.equal(r.rolls[0].natural, d6[0], `seed ${seed}`);
  }
});

/** The same list as tests/native/test_determinism.cpp builds. */
export function determinismRequests() {
  const out = [];
  for (const { cases } of fixtureFiles()) {
    for (const c of cases) {
      if ('call' in c || 'text' in c || !c.request || typeof c.request !== 'object' || Array.isArray(c.request)) continue;
      if (c.expect?.ok !== true) continue;
      const { dice, seed, receipt, commitReveal, ...rest } = c.request;
      out.push(rest);
    }
  }
  return out;
}

function nodeHash(e, requests, n) {
  const all = createHash('sha256');
  let ok = 0;
  for (let i = 0; i < n; i++) {
    const out = e.resolveJson(JSON.stringify({ ...requests[i % requests.length], seed: i }));
    all.update(createHash('sha256').update(out).digest());
    if (out.startsWith('{"ok":true')) ok++;
  }
  return { sha256: all.digest('hex'), ok };
}

const results = {};
const nativePath = process.env.GRAPESHOT_NATIVE_RESPONSES
  ? join(dirname(process.env.GRAPESHOT_NATIVE_RESPONSES), 'determinism.json') : null;

test(`one hash over ${N} seeded resolutions in Node`, async () => {
  const e = await engine();
  const requests = determinismRequests();
  assert.ok(requests.length > 10);
  const t = Date.now();
  const { sha256, ok } = nodeHash(e, requests, N);
  results.node = sha256;
  console.log(`# determinism (node): ${requests.length} requests, ${N} resolutions (${ok} ok) in ${Date.now() - t} ms, sha256 ${sha256}`);
  assert.ok(ok > N / 10, 'many resolutions succeed');
  if (nativePath && N === 100000) {
    assert.ok(existsSync(nativePath), `missing ${nativePath}: the Catch2 run writes it`);
    assert.equal(sha256, JSON.parse(readFileSync(nativePath, 'utf8')).sha256, 'Node and native hashes differ');
  }
});

test(`the same hash over ${N} seeded resolutions in Chromium`, { skip: process.env.GRAPESHOT_SKIP_BROWSER === '1' }, async () => {
  const { openBrowser, watchedPage } = await import('../browser/support.mjs');
  const ctx = await openBrowser();
  after(() => ctx.close());
  const { page, problems } = await watchedPage(ctx.browser);
  await page.goto(ctx.url);
  const t = Date.now();
  const got = await page.evaluate(async ({ requests, n }) => {
    const { createEngine } = await import('/bindings/js/index.js');
    const { sha256 } = await import('/bindings/js/commit-reveal.js');
    const e = await createEngine();
    const enc = new TextEncoder();
    const digests = new Uint8Array(n * 32);
    let ok = 0;
    for (let i = 0; i < n; i++) {
      const out = e.resolveJson(JSON.stringify({ ...requests[i % requests.length], seed: i }));
      digests.set(sha256(enc.encode(out)), i * 32);
      if (out.startsWith('{"ok":true')) ok++;
    }
    const hex = Array.from(sha256(digests), (b) => b.toString(16).padStart(2, '0')).join('');
    return { sha256: hex, ok, ua: navigator.userAgent };
  }, { requests: determinismRequests(), n: N });
  console.log(`# determinism (chromium): ${N} resolutions in ${Date.now() - t} ms, sha256 ${got.sha256}`);
  assert.deepEqual(problems, []);
  if (!results.node) results.node = nodeHash(await engine(), determinismRequests(), N).sha256;
  assert.equal(got.sha256, results.node, 'Chromium and Node hashes differ');
});
