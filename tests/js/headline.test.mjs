// Headline odds (a procedure's "headline" in ruleset.json, issue 12): the figures players ask for
// first. For every procedure that declares them, on its fixtures' requests: the odds answer one
// figure per declaration, in order, each equal to the sum of its tally's distribution over the
// values that meet its test; every tally named is one the procedure really makes (a misspelt tally
// would read as "never"); the what-if rows (booleans and choices) carry the same figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, fixtureFiles } from './support.mjs';

const meets = (value, t) => ('atLeast' in t ? Number.isInteger(value) && value >= t.atLeast
  : 'equals' in t ? value === t.equals : t.in.includes(value));

function checkFigures(where, declared, headline, distributions) {
  assert.deepEqual(headline.map((f) => [f.label, f.tally]), declared.map((t) => [t.label, t.tally]), `${where}: one figure per declaration`);
  declared.forEach((t, i) => {
    const sum = (distributions[t.tally] ?? []).filter((e) => meets(e.value, t)).reduce((a, e) => a + e.probability, 0);
    assert.ok(Math.abs(headline[i].probability - sum) < 1e-12, `${where}: "${t.label}" is ${headline[i].probability}, its tally sums to ${sum}`);
    assert.ok(Math.abs(headline[i].fraction.num / headline[i].fraction.den - headline[i].probability) < 1e-12, `${where}: "${t.label}" fraction`);
  });
}

test('every declared headline figure is its tally summed over the values that meet its test', async () => {
  const e = await engine();
  const requests = fixtureFiles().flatMap(({ cases }) => cases)
    .filter((c) => (c.call ?? 'resolve') === 'resolve' && c.request && typeof c.request === 'object' && !Array.isArray(c.request))
    .map((c) => c.request);
  let procedures = 0;
  for (const rs of e.rulesets()) {
    for (const p of rs.procedures) {
      if (!p.headline.length) continue;
      procedures++;
      const mine = requests.filter((r) => r.ruleset === rs.id && [p.name, ...p.aliases].includes(r.procedure))
        .filter((r) => e.resolve(r).ok).slice(0, 12);
      const made = new Set();
      let answered = 0;
      for (const [i, r] of mine.entries()) {
        let o = e.odds({ ...r, sensitivity: i === 0 ? 'all' : false });
        if (o.error?.code === 'odds_too_complex') o = e.odds({ ...r, sensitivity: false });
        if (!o.ok) continue;
        answered++;
        Object.keys(o.distributions).forEach((k) => made.add(k));
        checkFigures(`${rs.id} ${p.name} #${i}`, p.headline, o.headline, o.distributions);
        for (const s of o.sensitivity ?? []) if (!s.error) checkFigures(`${rs.id} ${p.name} #${i} if ${s.path}`, p.headline, s.headline, s.distributions);
      }
      assert.ok(answered > 0, `${rs.id} ${p.name}: no fixture request answered odds`);
      for (const t of p.headline) assert.ok(made.has(t.tally), `${rs.id} ${p.name}: "${t.label}" names tally "${t.tally}", which the procedure never makes`);
    }
  }
  assert.ok(procedures >= 15, `${procedures} procedures declare headline odds`);
});

test('a procedure without headline odds answers none', async () => {
  const e = await engine();
  const o = e.odds({ ruleset: 'napoleon-iii-1866', procedure: 'movement', unitType: 'infantry', terrain: 'clear' });
  assert.ok(o.ok, JSON.stringify(o));
  assert.equal(o.headline, undefined);
});

// Issue 29: a headline counts what this roll does, never a state the unit already had. A target that
// is already D-1 is "disordered or worse by this fire" only where the fire takes it past D-1; a 1866
// unit already disorganized can never be "disorganized by this fire" (it loses a step instead, V-07).
test('headline odds count what this roll does, not the state a unit already had', async () => {
  const e = await engine();
  const fire = e.odds({ ruleset: 'battles-of-waterloo', procedure: 'fire', firer: { type: 'infantry', strength: 5 },
    target: { type: 'infantry', cohesion: 5, state: 'D-1' }, sensitivity: false });
  assert.ok(fire.ok, JSON.stringify(fire));
  const past = fire.distributions.final.filter((x) => ['D-2', 'Routed', 'Eliminated'].includes(x.value)).reduce((a, x) => a + x.probability, 0);
  const unchanged = fire.distributions.final.find((x) => x.value === 'D-1')?.probability ?? 0;
  assert.ok(unchanged > 0.5, `most fire leaves a D-1 target as it was (${unchanged})`);
  assert.ok(Math.abs(fire.headline[0].probability - past) < 1e-12, `${fire.headline[0].label}: ${fire.headline[0].probability} vs ${past}`);

  const base = { ruleset: 'napoleon-iii-1866', procedure: 'fire', firers: [{ combatValue: 6 }] };
  const fresh = e.odds({ ...base, target: { units: [{ combatValue: 3, morale: 3 }] }, sensitivity: false });
  const already = e.odds({ ...base, target: { units: [{ combatValue: 3, morale: 3, disorganized: true }] }, sensitivity: false });
  assert.ok(fresh.ok && already.ok, JSON.stringify(already));
  assert.ok(fresh.headline[0].probability > 0, 'fire disorganizes a fresh unit on some rolls');
  assert.equal(already.headline[0].probability, 0, `${already.headline[0].label} for a unit already disorganized`);
  assert.ok(already.headline[1].probability > fresh.headline[1].probability, 'it loses steps instead');
});
