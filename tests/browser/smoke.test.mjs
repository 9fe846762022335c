// The page loads under the strict CSP and resolves a request in real Chromium.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser, watchedPage } from './support.mjs';

let ctx;
before(async () => { ctx = await openBrowser(); });
after(async () => { await ctx?.close(); });

test('the page resolves a request in the browser under the strict CSP', async () => {
  const { page, problems } = await watchedPage(ctx.browser);
  const response = await page.goto(ctx.url);
  assert.match(response.headers()['content-security-policy'], /script-src 'self' 'wasm-unsafe-eval'/);
  await page.waitForFunction(() => window.__grapeshotReady === true, null, { timeout: 15000 });
  await page.selectOption('#ruleset', 'napoleon-iii-1866');
  await page.selectOption('#procedure', 'morale');
  await page.fill('#request', JSON.stringify({ ruleset: 'napoleon-iii-1866', procedure: 'morale', dice: [3], unit: { morale: 2 } }));
  await page.click('#resolve');
  const last = await page.waitForFunction(() => window.__grapeshotLast, null, { timeout: 5000 }).then((h) => h.jsonValue());
  assert.equal(last.ok, true);
  assert.equal(last.result.passed, false, 'd6 3 > morale 2');
  assert.match(await page.textContent('#response'), /"passed": false/);
  assert.deepEqual(problems, []);
});
