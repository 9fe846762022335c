// The calculator's game-log panel in Chromium under the strict CSP: a hot-seat game rolled through
// the normal form, a game by message between Node and the page (each with its own engine), and logs
// opened from a file and a link and checked entry by entry in plain words; at 1280 and 360 px.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { acceptEntry, acceptGame, answerRoll, canonicalJson, completeRoll, createEngine, newGame, requestRoll, verifyGameLog } from 'grapeshot';
import { root } from '../../scripts/bootstrap.mjs';
import { openBrowser, openCalculator, watchedPage } from './support.mjs';

let ctx, engine;
before(async () => {
  engine = await createEngine();
  ctx = await openBrowser();
});
after(async () => { await ctx?.close(); });

const examplePath = join(root, 'examples/pbem-game.jsonl');
const example = readFileSync(examplePath, 'utf8');

/** A fresh calculator with no game stored (the pages share one profile), the panel open. */
async function freshPanel() {
  const { page, problems } = await watchedPage(ctx.browser);
  await page.addInitScript(() => {
    if (sessionStorage.getItem('fresh')) return;  // once per page: a reload keeps the game
    localStorage.clear();
    sessionStorage.setItem('fresh', '1');
  });
  await openCalculator(page, ctx.url);
  if (!await page.locator('#gamelog-panel').evaluate((d) => d.open)) await page.click('#gamelog-panel > summary');
  return { page, problems };
}

const logOf = (page) => page.evaluate(() => window.__grapeshotGameLog);
const entriesOf = (log) => log.trimEnd().split('\n').length - 1;
// At desktop and phone widths: no horizontal scroll, and (with `axe`) no serious or critical
// accessibility violation, axe-core evaluated from node_modules as calculator.test.mjs does.
async function atBothWidths(page, { axe = false } = {}) {
  if (axe) await page.evaluate(readFileSync(join(root, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal scroll at ${width} px (overflow ${overflow} px)`);
    if (!axe) continue;
    const serious = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) })));
    assert.deepEqual(serious, [], `at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('hot seat: two rolls through the normal form, each appended; the log verifies in Node and saves as a file', async () => {
  const { page, problems } = await freshPanel();
  await page.fill('#gl-name-a', 'Anna');
  await page.fill('#gl-name-b', 'Ben');
  await page.click('#gl-start');
  await page.waitForFunction(() => window.__grapeshotGameLog?.split('\n').filter(Boolean).length === 1);
  await page.click('#roll');
  await page.waitForFunction(() => window.__grapeshotGameLog.split('\n').filter(Boolean).length === 2);
  const first = await page.evaluate(() => window.__grapeshotLast);
  await page.selectOption('#gl-by', { label: 'Ben' });
  await page.click('#roll');
  await page.waitForFunction(() => window.__grapeshotGameLog.split('\n').filter(Boolean).length === 3);
  const second = await page.evaluate(() => window.__grapeshotLast);
  const log = await logOf(page);
  const v = verifyGameLog(engine, log);
  assert.equal(v.valid, true, JSON.stringify(v.problems));
  assert.deepEqual(v.entries.map((e) => [e.by, e.summary]), [['A', first.result.summary], ['B', second.result.summary]]);
  assert.deepEqual(v.entries[1].rolls, second.rolls.map((r) => r.natural), 'the result on show is the logged roll');
  // Entry by entry, in the players' names and plain words.
  const text = await page.locator('#gl-entries-box').innerText();
  assert.match(text, /This log checks out: 2 rolls between Anna and Ben/);
  assert.match(text, /Roll 2 — Ben asked/);
  assert.equal((text.match(/✓ Checks out\./g) ?? []).length, 2);
  // Saved as a file: the same bytes.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#gl-export')]);
  assert.equal(readFileSync(await download.path(), 'utf8'), log);
  assert.match(download.suggestedFilename(), /\.jsonl$/);
  // Kept across a reload (the game lasts longer than a page).
  await page.reload();
  await page.waitForFunction(() => window.__grapeshotReady === true);
  assert.equal(await logOf(page), log);
  await atBothWidths(page);
  assert.deepEqual(problems, []);
  await page.close();
});

test('by message between Node and Chromium: each side asks and answers, a walk-away is a forfeit, both logs agree', async () => {
  const { page, problems } = await freshPanel();
  const paste = async (text) => {
    await page.fill('#gl-inbox', text);
    await page.click('#gl-read');
  };
  const outbox = async (previous) => {
    await page.waitForFunction((p) => { const box = document.getElementById('gl-outbox'); return !box.closest('[hidden]') && box.value && box.value !== p; }, previous);
    return page.inputValue('#gl-outbox');
  };
  // Node is Anna and proposes; the page joins as Ben and sends back the header line.
  const anna = newGame(engine, { players: { A: 'Anna', B: 'Ben' }, role: 'A', rulesets: engine.rulesets().map((r) => r.id), title: 'Königgrätz' });
  await paste(anna.proposal);
  const header = await outbox('');
  let annaLog = acceptGame(engine, anna.player, anna.proposal, `${header}\n`);
  assert.equal(annaLog.ok, true, JSON.stringify(annaLog.error));
  annaLog = annaLog.log;
  let annaPlayer = anna.player;
  // Anna asks for a morale test; Ben (the page) answers; Anna completes; Ben accepts.
  const asked = requestRoll(engine, annaLog, annaPlayer, { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } });
  await paste(asked.message);
  const answer = await outbox(header);
  const done = completeRoll(engine, annaLog, asked.player, answer);
  assert.equal(done.ok, true, JSON.stringify(done.error));
  annaLog = done.log;
  annaPlayer = done.player;
  await paste(done.entry);
  await page.waitForFunction((n) => window.__grapeshotGameLog.trimEnd().split('\n').length === n, 2);
  assert.equal(await logOf(page), annaLog);
  assert.match(await page.textContent('#gl-status'), /Roll 1 added/);
  // Ben rolls with the calculator's form: the page sends a request, Anna answers, the page completes.
  await page.click('#roll');
  const request = await outbox(answer);
  const answered = answerRoll(engine, annaLog, annaPlayer, request);
  assert.equal(answered.ok, true, JSON.stringify(answered.error));
  await paste(answered.message);
  const entry = await outbox(request);
  const shown = await page.evaluate(() => window.__grapeshotLast);
  const accepted = acceptEntry(engine, annaLog, answered.player, entry);
  assert.equal(accepted.ok, true, JSON.stringify(accepted.error));
  assert.equal(accepted.log, await logOf(page), 'both logs hold the same bytes');
  assert.equal(accepted.entry.summary, shown.result.summary, 'the result on show is the logged roll');
  // Anna asks again, the page answers, Anna walks away: the page records a forfeit, which Anna's log takes.
  const third = requestRoll(engine, accepted.log, accepted.player, { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 2 } });
  await paste(third.message);
  const thirdAnswer = await outbox(entry);
  assert.match(thirdAnswer, /grapeshot-roll-answer/);
  page.once('dialog', (d) => d.accept());
  await page.click('#gl-forfeit');
  const forfeit = await outbox(thirdAnswer);
  const taken = acceptEntry(engine, accepted.log, third.player, forfeit);
  assert.equal(taken.ok, true, JSON.stringify(taken.error));
  assert.equal(taken.log, await logOf(page));
  assert.match(await page.locator('#gl-entries-box').innerText(), /Roll 3 — Anna asked[\s\S]*Not completed by Anna: a forfeit/);
  // A message of another game, or cut short, is refused in plain words.
  await paste(third.message.replace(anna.player.game, 'e'.repeat(64)));
  assert.equal(await page.textContent('#gl-status'), 'This message is for another game.');
  await paste(third.message.slice(0, 40));
  assert.match(await page.textContent('#gl-status'), /^This is not a whole message/);
  await atBothWidths(page, { axe: true });
  assert.deepEqual(problems, []);
  await page.close();
});

test('checking logs: a file and a link verify offline; a tampered log names the roll in plain words', async () => {
  const { page, problems } = await freshPanel();
  await page.setInputFiles('#gl-file', examplePath);
  await page.waitForFunction(() => window.__grapeshotGameLogReport);
  let text = await page.locator('#gl-report').innerText();
  assert.match(text, /This log checks out: 4 rolls between Anna and Ben/);
  assert.equal((text.match(/✓ Checks out\./g) ?? []).length, 4);
  // Rolls 2 and 3 swapped, pasted.
  const ls = example.trimEnd().split('\n');
  await page.fill('#gl-paste', [ls[0], ls[1], ls[3], ls[2], ls[4]].join('\n'));
  await page.click('#gl-check');
  await page.waitForFunction(() => window.__grapeshotGameLogReport?.valid === false);
  text = await page.locator('#gl-report').innerText();
  assert.match(text, /does not check out\. The first problem is at roll 3 \(line 3\)/);
  assert.match(text, /Rolls are missing, repeated or out of order here\./);
  assert.doesNotMatch(text, /[a-z]+_[a-z]+|\/reveals|requestHash/, 'no program identifiers');
  // A die changed: the roll is named, in words.
  const o = JSON.parse(ls[2]);
  o.rolls = [o.rolls[0] === 6 ? 1 : o.rolls[0] + 1];
  await page.fill('#gl-paste', [ls[0], ls[1], canonicalJson(o), ls[3]].join('\n'));
  await page.click('#gl-check');
  await page.waitForFunction(() => window.__grapeshotGameLogReport?.problems[0]?.seq === 2);
  assert.match(await page.locator('#gl-report').innerText(), /Roll 2[\s\S]*✗/);
  await atBothWidths(page);
  assert.deepEqual(problems, []);
  await page.close();
  // A link that carries the log, opened in a new tab.
  const linked = await watchedPage(ctx.browser);
  await openCalculator(linked.page, `${ctx.url}#log=${Buffer.from(example).toString('base64url')}`);
  await linked.page.waitForFunction(() => window.__grapeshotGameLogReport);
  assert.equal(await linked.page.evaluate(() => window.__grapeshotGameLogReport.valid), true);
  assert.equal(await linked.page.locator('#gamelog-panel').evaluate((d) => d.open), true);
  assert.match(await linked.page.locator('#gl-report').innerText(), /This log checks out: 4 rolls/);
  assert.deepEqual(linked.problems, []);
  await linked.page.close();
});
