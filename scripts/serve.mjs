// Static server for the web calculator: the assembled site build/web/ (scripts/build-web.mjs: web/,
// the engine, icons, service worker) at "/". Sends the strict Content-Security-Policy the page must
// work under. No server-side logic: any static host serving build/web/ with this header will do.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, normalize, join } from 'node:path';
import { root } from './bootstrap.mjs';

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

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
};

// URL prefix -> directory in the repository.
const MOUNTS = [
  ['/', 'build/web/'],
];

export function resolvePath(urlPath) {
  const clean = normalize(decodeURIComponent(urlPath.split('?')[0])).replace(/\\/g, '/');
  if (clean.includes('..')) return null;
  for (const [prefix, dir] of MOUNTS) {
    if (clean.startsWith(prefix)) {
      const rest = clean.slice(prefix.length) || 'index.html';
      return join(root, dir, rest.endsWith('/') ? `${rest}index.html` : rest);
    }
  }
  return null;
}

export function startServer({ port = Number(process.env.PORT ?? 8080), host = process.env.HOST ?? '127.0.0.1' } = {}) {
  const server = createServer(async (req, res) => {
    const file = resolvePath(new URL(req.url, 'http://x').pathname);
    // no-cache: the service worker's precache, not the HTTP cache, is what keeps the page offline.
    const headers = { 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-cache' };
    try {
      if (!file) throw Object.assign(new Error('bad path'), { code: 'ENOENT' });
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === 'ENOENT' || e.code === 'EISDIR' ? 404 : 500, { ...headers, 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
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
