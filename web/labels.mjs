// Outcome values in the rules' words. The odds tally outcomes by their program values
// ("defendNormally", "staysShaken"); the page shows each by a label from data where the engine
// gives one — an input's x-enumLabels, or a printed table's short text for that code — and else
// from OUTCOME_LABELS below.
//
// OUTCOME_LABELS is a stop-gap, keyed by the value the engine tallies: these labels belong in the
// rulesets' data (the message catalog), where the engine would give them with rulesets().
import { titleCase } from './dom.mjs';

export const OUTCOME_LABELS = {
  // The Battles of Waterloo
  defendNormally: 'Defends normally',
  countercharge: 'Countercharges',
  retreat: 'Retreats',
  noEffect: 'No effect',
  killed: 'Killed',
  removeDisorder: 'Disorder removed',
  remainDisordered: 'Stays disordered',
  stepLoss: 'Step loss',
  rout: 'Rout',
  eliminated: 'Eliminated',
  // Black Powder
  hold: 'Holds its ground',
  retire: 'Retires',
  break: 'Breaks',
  retireCavalry7: 'Retires (cavalry, 7 or more)',
  holdSupporting: 'Holds its ground (supporting)',
  noTest: 'No test needed',
  pass: 'Passes',
  halt: 'Halts',
  handToHand: 'Hand-to-hand combat',
  shooting: 'Shooting',
  fresh: 'Fresh',
  shaken: 'Shaken',
  lost: 'Lost',
  removed: 'Removed',
  // Grande Tactique
  eager: 'Eager',
  bothPassed: 'Both pass their Morale Checks',
  chargeFailed: 'The charge fails',
  targetFailed: 'The target fails its Morale Check',
  notRolled: 'Not rolled',
  passed: 'Passed',
  failed: 'Failed',
  chargeProceeds: 'The charge goes in',
  chargeFails: 'The charge fails',
  notInExcerpt: 'Left to the melee rules',
  removeShaken: 'The Shaken marker is removed',
  staysShaken: 'Stays shaken',
  flee: 'Flees',
  standsFast: 'Stands fast',
  followUpOrHalt: 'Follows up or halts (player\'s choice)',
  mustPursue: 'Must pursue',
  // Napoleon III 1866
  disorganized: 'Disorganized',
  rallied: 'Rallied',
};

const identifier = (v) => /^[a-z]+[A-Z0-9]\w*$/.test(v);

// "retireCavalry7" -> "Retire cavalry 7": the last resort, so no identifier ever reaches the page.
const words = (v) => { const t = titleCase(v).replace(/(\D)(\d)/g, '$1 $2'); return t[0] + t.slice(1).toLowerCase(); };

/**
 * A labeller for one ruleset's outcome values: label(value) -> what a player reads. `tables` is
 * [{table}] from engine.table(); a printed text is used when it is short and plain.
 */
export function outcomeLabeller(ruleset, tables = []) {
  const fromData = new Map();
  // A printed table's text first (the result as printed), then an input's label.
  for (const t of tables) {
    (function walk(x) {
      if (!x || typeof x !== 'object') return;
      if (typeof x.code === 'string' && identifier(x.code) && typeof x.text === 'string' && x.text.length <= 40 && !/[<>]/.test(x.text) && !fromData.has(x.code)) fromData.set(x.code, x.text);
      for (const v of Object.values(x)) walk(v);
    }(t));
  }
  for (const p of ruleset.procedures ?? []) {
    (function walk(s) {
      if (!s || typeof s !== 'object') return;
      if (Array.isArray(s.enum) && Array.isArray(s['x-enumLabels'])) {
        s.enum.forEach((v, i) => { if (typeof v === 'string' && identifier(v) && !fromData.has(v)) fromData.set(v, s['x-enumLabels'][i]); });
      }
      for (const v of Object.values(s)) walk(v);
    }(p.inputs));
  }
  return (value) => {
    if (typeof value !== 'string') return value;
    if (fromData.has(value)) return fromData.get(value);
    if (Object.hasOwn(OUTCOME_LABELS, value)) return OUTCOME_LABELS[value];
    return identifier(value) ? words(value) : value;
  };
}
