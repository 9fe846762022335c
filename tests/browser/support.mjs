// Debian's chromium driven by playwright-core (no browser download), against scripts/serve.mjs.
import { chromium } from 'playwright-core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../scripts/serve.mjs';

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Starts the server on a free port and a headless Chromium; returns {browser, server, url, close}. */
export async function openBrowser() {
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'grapeshot-chromium-')), {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ARGS, headless: true,
  });
  const url = `http://127.0.0.1:${server.address().port}/`;
  return { browser, server, url, close: async () => { await browser.close(); server.close(); } };
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
