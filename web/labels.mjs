// Outcome values in the rules' words. The odds tally outcomes by their program values
// ("defendNormally", "staysShaken"); the page shows each by a label from data where the engine
// gives one — an input's x-enumLabels, or a printed table's short text for that code — and else
// from the message catalog's web.outcome.<value> (src/messages/<lang>.json), in the page's language.
import { titleCase } from './dom.mjs';
import { currentLang, has, t } from './i18n.mjs';

const identifier = (v) => /^[a-z]+[A-Z0-9]\w*$/.test(v);

// "retireCavalry7" -> "Retire cavalry 7": the last resort, so no identifier ever reaches the page.
const words = (v) => { const t = titleCase(v).replace(/(\D)(\d)/g, '$1 $2'); return t[0] + t.slice(1).toLowerCase(); };

/**
 * The short, plain texts of a ruleset's printed tables by the outcome code each prints ({code: text}):
 * the result as printed. `tables` is [{table}] from engine.table(); scripts/build-web.mjs writes them
 * beside the rulesets' descriptions (rulesets.<lang>.json), so the page need not read every table.
 */
export function printedOutcomes(tables = []) {
  const out = {};
  for (const t of tables) {
    (function walk(x) {
      if (!x || typeof x !== 'object') return;
      if (typeof x.code === 'string' && identifier(x.code) && typeof x.text === 'string' && x.text.length <= 40 && !/[<>]/.test(x.text) && !Object.hasOwn(out, x.code)) out[x.code] = x.text;
      for (const v of Object.values(x)) walk(v);
    }(t));
  }
  return out;
}

/**
 * A labeller for one ruleset's outcome values: label(value) -> what a player reads. `printed` is
 * printedOutcomes() of its tables: a printed text is used when it is short and plain.
 */
export function outcomeLabeller(ruleset, printed = {}) {
  // A printed table's text first (the result as printed), then an input's label.
  const fromData = new Map(Object.entries(printed));
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
    // Not in English: the printed tables' texts are English, so the catalog's words come first.
    if (currentLang() !== 'en' && has(`web.outcome.${value}`)) return t(`web.outcome.${value}`);
    if (fromData.has(value)) return fromData.get(value);
    if (has(`web.outcome.${value}`)) return t(`web.outcome.${value}`);
    return identifier(value) ? words(value) : value;
  };
}
