// Static server for the web calculator: the assembled site build/web/ (scripts/build-web.mjs: web/,
// the engine, icons, service worker) at "/". No server-side logic: any static host serving
// build/web/ with these headers will do. Hardened because `npm start` may face a LAN:
// - every failure is an HTTP answer (4xx/5xx), never an exception that ends the process;
// - GET and HEAD only (405 otherwise); HEAD never reads the file;
// - files are streamed, never read whole (2,000 concurrent wasm requests stay in bounded memory);
// - strong ETag + 304; gzip/brotli negotiated: the `.br`/`.gz` written beside each file at build time
//   (scripts/build-web.mjs) are sent as they are, so a GET of the site never compresses; any other
//   file is compressed once per version, concurrent misses sharing one compression (bounded cache);
// - paths are resolved with realpath and must stay inside the root (symlinks cannot lead out);
// - the strict CSP plus frame-ancestors/base-uri/form-action, nosniff, no referrer, COOP, CORP.
import { createServer } from 'node:http';
import { createReadStream, existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, sep } from 'node:path';
import { pipeline } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { root } from './bootstrap.mjs';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'none'";

const SECURITY_HEADERS = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
};

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.wasm', '.svg', '.txt', '.map']);
const MAX_PATH = 256;               // characters of the decoded path; real ones are under 64
export const MAX_COMPRESS_BYTES = 8 << 20; // files above this are sent uncompressed
const CACHE_BYTES = 32 << 20;       // compressed bodies kept in memory, least recently used evicted

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** The decoded, normalised path below the root, or an HttpError. Pure: no file system access. */
export function cleanPath(url) {
  const raw = String(url ?? '/').split('?')[0].split('#')[0];
  let path;
  try {
    path = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'malformed percent-encoding');
  }
  if (path.length > MAX_PATH) throw new HttpError(414, 'path too long');
  if (!path.startsWith('/') || /[\0-\x1f\x7f\\]/.test(path)) throw new HttpError(400, 'bad path');
  const parts = [];
  for (const p of path.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') throw new HttpError(400, 'bad path');
    parts.push(p);
  }
  const dirLike = path.endsWith('/') || parts.length === 0;
  return dirLike ? [...parts, 'index.html'].join('/') : parts.join('/');
}

/** Small LRU of compressed bodies keyed by file version and encoding. */
export class CompressedCache {
  constructor(limit) {
    this.limit = limit;
    this.bytes = 0;
    this.map = new Map();
  }
  get(key) {
    const v = this.map.get(key);
    if (v) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key, buf) {
    if (buf.length > this.limit) return;
    // A key stored again replaces its body: its old bytes leave the count (counting them twice let
    // concurrent misses push the count past the limit for good, so every later set evicted itself).
    const old = this.map.get(key);
    if (old) {
      this.map.delete(key);
      this.bytes -= old.length;
    }
    this.map.set(key, buf);
    this.bytes += buf.length;
    for (const [k, v] of this.map) {
      if (this.bytes <= this.limit || k === key) break;
      this.map.delete(k);
      this.bytes -= v.length;
    }
  }
}

function pickEncoding(header) {
  const accepted = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  for (const enc of ['br', 'gzip']) if ((accepted.get(enc) ?? 0) > 0) return enc;
  return null;
}

export const SIDECAR = { br: '.br', gzip: '.gz' };

/** The bytes of `data` compressed as `encoding`: the same settings at build time and on the fly. */
export function compress(data, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } })
    : gzipSync(data, { level: 9 });
}

// A compressed body comes from the file's precompressed sidecar (`file.br`/`file.gz`, written by
// the build) when that is at least as new as the file; otherwise it is made from the whole file once
// per version (size + mtime) and cached, and concurrent misses wait for the one compression under
// way (the 1 MB wasm costs ~150 ms of blocking CPU per brotli run). A file that changes under us is
// detected by the version check when it is next requested.
async function compressedBody(file, st, version, encoding, cache, inflight, stats) {
  const key = `${file}\0${version}\0${encoding}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const pending = inflight.get(key);
  if (pending) return pending;
  const work = (async () => {
    try {
      const side = await stat(file + SIDECAR[encoding]).catch(() => null);
      if (side?.isFile() && side.mtimeMs >= st.mtimeMs) {
        stats.sidecars++;
        return await readFile(file + SIDECAR[encoding]);
      }
      const data = await readFile(file);
      stats.compressions++;
      const body = compress(data, encoding);
      cache.set(key, body);
      return body;
    } finally {
      inflight.delete(key);
    }
  })();
  inflight.set(key, work);
  return work;
}

/**
 * Starts the server. `webRoot` defaults to build/web/; `cacheBytes` bounds the compressed bodies kept. Returns the listening http.Server, with
 * `compressionStats` ({compressions, sidecars}: bodies compressed here, precompressed files sent).
 * Port 0 picks a free port (tests).
 */
export function startServer({
  port = Number(process.env.PORT ?? 8080),
  host = process.env.HOST ?? '127.0.0.1',
  webRoot = join(root, 'build/web'),
  cacheBytes = CACHE_BYTES,
} = {}) {
  const cache = new CompressedCache(cacheBytes);
  const inflight = new Map();
  const stats = { compressions: 0, sidecars: 0 };
  let rootReal = null;

  async function locate(url) {
    const rel = cleanPath(url);
    rootReal ??= await realpath(webRoot);
    let real;
    try {
      real = await realpath(join(rootReal, rel));
    } catch (e) {
      throw new HttpError(e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 404 : 400, 'not found');
    }
    // A symlink (or anything else) that resolves outside the root is not served.
    if (real !== rootReal && !real.startsWith(rootReal + sep)) throw new HttpError(404, 'not found');
    const st = await stat(real);
    if (!st.isFile()) throw new HttpError(404, 'not found');
    return { file: real, st };
  }

  async function handle(req, res) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      throw Object.assign(new HttpError(405, 'method not allowed'), { allow: true });
    }
    const { file, st } = await locate(req.url);
    const ext = extname(file).toLowerCase();
    const version = `${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}`;
    const encoding = COMPRESSIBLE.has(ext) && st.size <= MAX_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
    const etag = `"${version}${encoding ? `-${encoding}` : ''}"`;
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      // no-cache: revalidate with the ETag; the service worker's precache keeps the page offline.
      'Cache-Control': 'no-cache',
      ETag: etag,
      'Last-Modified': st.mtime.toUTCString(),
    };
    if (COMPRESSIBLE.has(ext)) headers.Vary = 'Accept-Encoding';
    const inm = req.headers['if-none-match'];
    if (inm && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*')) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (encoding) {
      headers['Content-Encoding'] = encoding;
      if (req.method === 'HEAD') {
        // The compressed length is only known once compressed; HEAD must not read the file.
        res.writeHead(200, headers);
        res.end();
        return;
      }
      const body = await compressedBody(file, st, version, encoding, cache, inflight, stats);
      res.writeHead(200, { ...headers, 'Content-Length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(200, { ...headers, 'Content-Length': st.size });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    pipeline(createReadStream(file), res, () => {});  // errors after the head: the socket is closed
  }

  const server = createServer({ maxHeaderSize: 16 * 1024, requestTimeout: 30_000, headersTimeout: 10_000 }, (req, res) => {
    handle(req, res).catch((e) => {
      const status = e instanceof HttpError ? e.status : 500;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const headers = { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
      if (status === 405) headers.Allow = 'GET, HEAD';
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : `${status === 500 ? 'server error' : e.message}\n`);
    });
  });
  server.on('clientError', (err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.compressionStats = stats;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!existsSync(join(root, 'build/web/index.html'))) console.warn('build/web/ is missing: run `npm start` (or `node scripts/build-web.mjs` after `npm run build`)');
  const server = await startServer();
  const { port, address } = server.address();
  console.log(`grapeshot calculator: http://${address === '127.0.0.1' ? 'localhost' : address}:${port}/`);
}
