// Debian's chromium driven by playwright-core (no browser download), against scripts/serve.mjs
// serving the assembled site build/web/ (scripts/build-web.mjs; scripts/test.mjs builds it first).
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';
import { root } from '../../scripts/bootstrap.mjs';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where screenshots go (git-ignored). */
export const resultsDir = join(root, 'test-results');
mkdirSync(resultsDir, { recursive: true });

/**
 * Starts the server on a free port and a headless Chromium (in `locale`'s language, e.g. 'fr-FR':
 * navigator.languages and Accept-Language); returns {browser, server, url, close}.
 */
export async function openBrowser({ locale } = {}) {
  if (!existsSync(join(root, 'build/web/index.html'))) {
    throw new Error('build/web/ is missing: run `node scripts/build-web.mjs` (npm test does it)');
  }
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'grapeshot-chromium-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ARGS, headless: true,
    viewport: { width: 1280, height: 900 }, ...(locale ? { locale } : {}),
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const stopServer = () => new Promise((resolve) => { server.close(resolve); server.closeAllConnections(); });
  return { browser, server, url, stopServer, close: async () => { await browser.close(); if (server.listening) await stopServer(); } };
}

/** A page that records console errors, page errors and CSP violations in `problems`. */
export async function watchedPage(browser) {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.exposeFunction('__cspViolation', (d) => problems.push(`csp: ${d}`));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => window.__cspViolation(`${e.violatedDirective} ${e.blockedURI}`)));
  return { page, problems };
}

/** Opens `url` and waits until the calculator has built its form. */
export async function openCalculator(page, url) {
  const response = await page.goto(url);
  await page.waitForFunction(() => window.__grapeshotReady === true, null, { timeout: 60000 })
    .catch(async (e) => { throw new Error(`${e.message}; page status: ${await page.textContent('#status')}`); });
  return response;
}
