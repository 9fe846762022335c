// The calculator's static server (scripts/serve.mjs) against what an attacker or a careless client
// sends: every malformed path is an HTTP answer and the server keeps answering; GET/HEAD only;
// ETag/304; gzip/brotli; symlinks out of the root refused; security headers. Only 127.0.0.1.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { CompressedCache, cleanPath, startServer } from '../../scripts/serve.mjs';
import { precompress } from '../../scripts/build-web.mjs';

let dir;
let server;
let port;
const html = '<!doctype html><title>t</title>' + 'x'.repeat(2000);
const wasm = Buffer.alloc(1 << 20, 7);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gs-serve-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'sub'), { recursive: true });
  writeFileSync(join(web, 'index.html'), html);
  writeFileSync(join(web, 'main.mjs'), 'export const a = 1;\n'.repeat(50));
  writeFileSync(join(web, 'engine.wasm'), wasm);
  writeFileSync(join(dir, 'secret.txt'), 'outside the root\n');
  symlinkSync(join(dir, 'secret.txt'), join(web, 'leak.txt'));
  symlinkSync(dir, join(web, 'up'));
  server = await startServer({ port: 0, host: '127.0.0.1', webRoot: web });
  port = server.address().port;
});

after(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One raw request (the path is sent exactly as given, unlike fetch). */
function get(path, { method = 'GET', headers = {}, port: p = port } = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: p, path, method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves files with the security headers and the right types', async () => {
  const r = await get('/');
  assert.equal(r.status, 200);
  assert.equal(r.body.toString(), html);
  assert.match(r.headers['content-type'], /^text\/html/);
  assert.match(r.headers['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  for (const d of ["frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"]) assert.ok(r.headers['content-security-policy'].includes(d), d);
  assert.equal(r.headers['x-content-type-options'], 'nosniff');
  assert.equal(r.headers['referrer-policy'], 'no-referrer');
  assert.equal(r.headers['cross-origin-opener-policy'], 'same-origin');
  assert.equal(r.headers['cross-origin-resource-policy'], 'same-origin');
  const w = await get('/engine.wasm');
  assert.equal(w.headers['content-type'], 'application/wasm');
  assert.equal(w.body.length, wasm.length);
  assert.match((await get('/main.mjs')).headers['content-type'], /^text\/javascript/);
});

test('malformed and hostile paths are answered, never crash the server', async () => {
  const cases = [
    ['/%', 400], ['/%ff', 400], ['/a%2', 400], ['//', 200], ['/%00', 400], ['/a%00b', 400],
    [`/${'a'.repeat(300)}`, 414], ['/../secret.txt', 400], ['/%2e%2e/secret.txt', 400], ['/sub/..%2f..%2fsecret.txt', 400],
    ['/missing.js', 404], ['/sub', 404], ['/sub/', 404], ['/a\\b', 400],
  ];
  for (const [path, status] of cases) {
    const r = await get(path);
    assert.equal(r.status, status, path);
  }
  assert.equal((await get('/')).status, 200, 'still answering');
});

test('symlinks never lead out of the root', async () => {
  assert.equal((await get('/leak.txt')).status, 404);
  assert.equal((await get('/up/secret.txt')).status, 404);
});

test('GET and HEAD only; HEAD has no body', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
    const r = await get('/', { method });
    assert.equal(r.status, 405, method);
    assert.equal(r.headers.allow, 'GET, HEAD');
  }
  const h = await get('/engine.wasm', { method: 'HEAD' });
  assert.equal(h.status, 200);
  assert.equal(h.body.length, 0);
  assert.equal(Number(h.headers['content-length']), wasm.length);
});

test('ETag and 304', async () => {
  const r = await get('/main.mjs');
  assert.ok(r.headers.etag);
  const again = await get('/main.mjs', { headers: { 'If-None-Match': r.headers.etag } });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal((await get('/main.mjs', { headers: { 'If-None-Match': '"other"' } })).status, 200);
});

test('brotli and gzip by Accept-Encoding, with Vary', async () => {
  const br = await get('/engine.wasm', { headers: { 'Accept-Encoding': 'gzip, br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.ok(br.body.length < wasm.length / 10);
  assert.deepEqual(brotliDecompressSync(br.body), wasm);
  const gz = await get('/', { headers: { 'Accept-Encoding': 'gzip' } });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), html);
  const none = await get('/', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
  assert.equal(none.headers['content-encoding'], undefined);
  assert.notEqual(br.headers.etag, (await get('/engine.wasm')).headers.etag, 'each encoding has its own ETag');
});

test('a burst of 2,000 requests (50 at a time), then the server still answers', async () => {
  const paths = ['/', '/engine.wasm', '/%', '/missing', '/main.mjs'];
  let next = 0;
  const statuses = {};
  async function worker() {
    while (next < 2000) {
      const i = next++;
      const r = await get(paths[i % paths.length], { headers: i % 2 ? { 'Accept-Encoding': 'br' } : {} });
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker));
  assert.equal(statuses[200], 1200);
  assert.equal(statuses[400], 400);
  assert.equal(statuses[404], 400);
  assert.equal((await get('/')).status, 200);
});

test('cleanPath maps directories to index.html and refuses dot segments', () => {
  assert.equal(cleanPath('/'), 'index.html');
  assert.equal(cleanPath('/a/b/'), 'a/b/index.html');
  assert.equal(cleanPath('/a/./b.js?x=1'), 'a/b.js');
  assert.throws(() => cleanPath('/a/../b'), /bad path/);
});

test('the compression cache counts a key stored again once (issue 30: poisoned by concurrent misses)', () => {
  const cache = new CompressedCache(1000);
  for (let i = 0; i < 50; i++) cache.set('k', Buffer.alloc(100));
  assert.equal(cache.bytes, 100);
  cache.set('j', Buffer.alloc(900));
  assert.ok(cache.get('k') && cache.get('j'), 'both fit: nothing evicted');
  cache.set('k', Buffer.alloc(200));
  assert.equal(cache.bytes, 200 + 900 - 900, 'over the limit: the oldest (j) goes, never the new body');
  assert.ok(cache.get('k') && !cache.get('j'));
});

test('200 concurrent brotli GETs of a file compress it once; a later GET compresses nothing', async () => {
  // The audit's burst at a 32nd of its size: an incompressible 64 KiB file and a 256 KiB cache (the
  // server's is 32 MiB for the 1 MB wasm). Counting each concurrent miss's body again passed the
  // limit for good, and every later set() evicted itself: each GET compressed again.
  const s2 = await startServer({ port: 0, host: '127.0.0.1', webRoot: join(dir, 'web'), cacheBytes: 256 << 10 });
  try {
    const p = s2.address().port;
    writeFileSync(join(dir, 'web', 'burst.wasm'), randomBytes(1 << 16));
    const rs = await Promise.all(Array.from({ length: 200 }, () => get('/burst.wasm', { port: p, headers: { 'Accept-Encoding': 'br' } })));
    assert.ok(rs.every((r) => r.status === 200 && r.headers['content-encoding'] === 'br'));
    assert.equal(s2.compressionStats.compressions, 1, 'concurrent misses share one compression');
    const one = await get('/burst.wasm', { port: p, headers: { 'Accept-Encoding': 'br' } });
    assert.deepEqual(one.body, rs[0].body);
    assert.equal(s2.compressionStats.compressions, 1, 'a later GET is served from the cache');
  } finally {
    s2.close();
  }
});

test('precompressed .br/.gz beside a file are sent as they are; a stale one is ignored', async () => {
  const site = join(dir, 'site');
  mkdirSync(join(site, 'dist'), { recursive: true });
  const big = randomBytes(1 << 14).toString('hex');
  writeFileSync(join(site, 'index.html'), html);
  writeFileSync(join(site, 'dist', 'core.wasm'), big);
  writeFileSync(join(site, 'logo.png'), 'png');
  assert.equal(precompress(site), 2, 'html and wasm; png is not compressible');
  const s2 = await startServer({ port: 0, host: '127.0.0.1', webRoot: site });
  try {
    const p = s2.address().port;
    const rs = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? '/dist/core.wasm' : '/', { port: p, headers: { 'Accept-Encoding': i % 4 < 2 ? 'br' : 'gzip' } })));
    for (const [i, r] of rs.entries()) {
      const body = r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : gunzipSync(r.body);
      assert.equal(body.toString(), i % 2 ? big : html);
    }
    assert.equal(s2.compressionStats.compressions, 0, 'a GET never compresses');
    assert.ok(s2.compressionStats.sidecars >= 4, 'read from disk (concurrent GETs share a read)');
    // A file newer than its sidecar (changed after the build): compressed from the file, not sent stale.
    writeFileSync(join(site, 'index.html'), html + 'changed');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(site, 'index.html.br'), past, past);
    const r = await get('/', { port: p, headers: { 'Accept-Encoding': 'br' } });
    assert.equal(brotliDecompressSync(r.body).toString(), html + 'changed');
    assert.equal(s2.compressionStats.compressions, 1);
  } finally {
    s2.close();
  }
});
