// The work of exact odds is bounded as it is done, not by the estimate alone (issue 30, item 3).
// Every assertion is a count (sequences enumerated, as the answer or the refusal states it), never
// a time: the times are in `npm run bench`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine } from './support.mjs';

const unit = (i) => ({ strength: 3 + (i % 3), steps: 3, cohesion: 4 });
// Six Waterloo battalions attacking three with every what-if (sensitivity 'all'): 2,187 sequences
// each, but some what-ifs are 60 times that. Estimated as base x (1 + what-ifs) it passed, and the
// enumeration ran through the whole budget of 250,000 sequences (6 s) before refusing.
const sixVsThree = { ruleset: 'battles-of-waterloo', procedure: 'shock', sensitivity: 'all',
  attacker: { units: Array.from({ length: 6 }, (_, i) => unit(i)) }, defender: { units: Array.from({ length: 3 }, (_, i) => unit(i)) } };
// Requests whose estimate is fooled (bench/odds-fooled.json): a random Waterloo 8 v 4 shock that 8
// walks estimate at about 10 sequences has 9,225.
const fooled = JSON.parse(readFileSync(new URL('../../bench/odds-fooled.json', import.meta.url), 'utf8'));

test('each what-if is estimated on its own: what-ifs over the budget are refused before any of them is counted, the odds stand (issue 29)', async () => {
  const e = await engine();
  const r = e.odds(sixVsThree);
  // The odds fit (2,187 sequences) and the what-ifs do not: the odds and headline are answered,
  // the what-if table is one refusal, sensitivityError, in place of the table.
  assert.equal(r.ok, true, JSON.stringify(r.error));
  assert.equal(r.paths, 2187);
  assert.equal(r.sensitivity, undefined);
  assert.equal(r.sensitivityError.code, 'odds_too_complex');
  assert.equal(r.sensitivityError.path, '/sensitivity');
  // The refusal states the estimate at once ("or more": the what-ifs are probed only until the sum
  // passes the budget); a refusal after enumerating says "stopped after".
  const about = Number(/^the what-if table is too large to count: with it the odds would take about (\d+)( or more)? dice sequences, over the budget of 250000$/.exec(r.sensitivityError.message)?.[1]);
  assert.ok(about > 250000, r.sensitivityError.message);
  assert.equal(r.sensitivityError.messages.message.id.startsWith('error.oddsWhatIfsTooComplex'), true);
  // The odds are those of the request without what-ifs, figure for figure.
  const plain = e.odds({ ...sixVsThree, sensitivity: false });
  assert.deepEqual(r.headline, plain.headline);
  assert.deepEqual(r.distributions, plain.distributions);
  // The same request with the boolean what-ifs only is within the budget and answered whole.
  const flips = e.odds({ ...sixVsThree, sensitivity: true });
  assert.equal(flips.ok, true);
  assert.equal(flips.paths, 2187);
  assert.equal(flips.sensitivityError, undefined);
  assert.ok(flips.sensitivity.every((s) => !s.error));
});

test('an estimate fooled low is estimated again at its allowance, and answered when within the budget', async () => {
  const e = await engine();
  const r = e.odds({ ...fooled.withinBudget, sensitivity: false });
  assert.equal(r.ok, true, JSON.stringify(r.error));
  assert.equal(r.paths, 9225);
});
