// Renders engine responses: the result (words, codes, dice, trace, printed tables with the used
// cell marked) and the exact odds. Everything is generic over the response shapes, so a new
// procedure needs no code here.
import { fraction, h, percent, signed, titleCase } from './dom.mjs';
import { outcomeLabeller } from './labels.mjs';
import { currentLang, decimal, has, number, t } from './i18n.mjs';

// An identifier as words (a trace step's kind, a side, a table's scale, a tally): from the catalog
// (web.word.*) when it has them, else spelt out ("stepsLost" -> "Steps Lost").
export const words = (key) => (has(`web.word.${key}`) ? t(`web.word.${key}`) : titleCase(key));
// Whom a step is for: a side in the page's language ("attacker"), else the engine's own words.
const forWhom = (f) => (f === 'attacker' || f === 'defender' ? t(`web.word.${f}`).toLowerCase() : f);
const pair = (label, value) => t('web.pair', { label, value });

const hidden = (text) => h('span', { class: 'visually-hidden' }, text);

function show(value) {
  if (value === true) return t('web.value.yes');
  if (value === false) return t('web.value.no');
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : t('web.value.none');
  return String(value);
}

/** A nested definition list of the result's fields (the codes behind the summary). */
function details(obj) {
  const items = [];
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'summary' || k === 'messages') continue;  // the summary is shown above; messages are its structured form
    const isList = Array.isArray(v) && v.some((x) => x && typeof x === 'object');
    const nested = v && typeof v === 'object' && !Array.isArray(v);
    items.push(h('dt', {}, words(k)));
    if (isList) items.push(h('dd', {}, h('ol', { class: 'plain' }, v.map((x) => h('li', {}, typeof x === 'object' ? details(x) : show(x))))));
    else items.push(h('dd', {}, nested ? details(v) : show(v)));
  }
  return h('dl', { class: 'details' }, items);
}

// The modified roll behind each natural one, from the trace's reads (table, check, modifiedRoll:
// each has the natural die or dice and the modified total) in the order the dice were rolled; a
// sum of dice shows its total against its last die. One die read on two grids (a shock's attacker
// and defender) is one roll.
function modifiedRolls(response) {
  const out = response.rolls.map(() => null);
  let next = 0, last = null;
  for (const s of response.trace) {
    if (typeof s.modified !== 'number') continue;
    const naturals = Array.isArray(s.naturals) ? s.naturals : typeof s.natural === 'number' ? [s.natural] : [];
    if (!naturals.length) continue;
    if (s.kind === 'table' && last?.kind === 'table' && last.natural === s.natural && last.die === s.die) continue;
    last = s;
    let at = -1;
    for (const n of naturals) {
      const i = response.rolls.findIndex((r, j) => j >= next && r.natural === n);
      if (i >= 0) { at = i; next = i + 1; }
    }
    if (at >= 0) out[at] = s.modified;
  }
  // Older result shapes carry {natural, modified} pairs of their own.
  const fromResult = resultPairs(response);
  return out.map((m, i) => (m === null ? fromResult[i] : m));
}

function resultPairs(response) {
  const pairs = [];
  (function walk(x) {
    if (!x || typeof x !== 'object') return;
    if (typeof x.natural === 'number' && typeof x.modified === 'number') pairs.push(x);
    for (const v of Object.values(x)) walk(v);
  }(response.result));
  return response.rolls.map((roll) => {
    const at = pairs.findIndex((p) => p.natural === roll.natural);
    return at < 0 ? null : pairs.splice(at, 1)[0].modified;
  });
}

function diceTable(response) {
  const modified = modifiedRolls(response);
  return h('table', { class: 'dice' }, [
    h('caption', {}, response.seed !== undefined ? t('web.dice.captionSeed', { seed: response.seed }) : t('web.dice.caption')),
    h('thead', {}, h('tr', {}, ['web.dice.roll', 'web.dice.die', 'web.dice.natural', 'web.dice.modified'].map((id) => h('th', { scope: 'col' }, t(id))))),
    h('tbody', {}, response.rolls.map((r, i) => h('tr', {}, [
      h('th', { scope: 'row' }, r.purpose),
      h('td', {}, r.die),
      h('td', {}, h('span', { class: `die die-${r.die}` }, String(r.natural))),
      h('td', {}, modified[i] === null ? '—' : String(modified[i])),
    ]))),
  ]);
}

// A fraction as players write it: "7", "3/4", "2 1/2".
export function mixed({ num, den }) {
  if (den === 1) return String(num);
  const whole = Math.trunc(num / den), rest = Math.abs(num % den);
  return whole ? `${whole} ${rest}/${den}` : `${num}/${den}`;
}
// A modifier's printed line: "Per loss level ×2", "Woods [cavalry]".
const term = (s) => `${s.label}${s.times > 1 ? ` ×${s.times}` : ''}${s.pairKey ? ` [${outcome(s.pairKey)}]` : ''}`;
const rolled = (s) => `${s.die} ${s.natural}${s.drm ? ` ${signed(s.drm)} = ${s.modified}` : ''}`;
const rounded = (how) => t(how === 'down' ? 'web.step.roundedDown' : 'web.step.roundedUp');
const blank = (cell) => cell ?? t('web.step.blank');
const COMPARE = { atMost: '≤', below: '<', atLeast: '≥', above: '>' };

/**
 * One renderer per trace step kind (src/core/trace.json: one shape each): what the step did in a
 * few words, and the printed line it comes from. tests/js/trace-schema.test.mjs checks that every
 * declared kind has one and that no fixture's step renders a missing field.
 */
export const stepRenderers = {
  strength: (s) => [mixed(s.value), ''],
  division: (s) => [`${number(s.before)} ÷ ${number(s.divisor)} = ${number(s.after)} ${rounded(s.rounding)}`, ''],
  multiplier: (s) => [`${pair(`× ${mixed(s.factor)}`, `${mixed(s.before)} → ${mixed(s.after)}`)}${s.rounding === 'down' ? ` ${rounded('down')}` : ''}`, s.label],
  column: (s) => [t('web.step.column', { column: s.columnLabel }), ''],
  columnShift: (s) => [t('web.step.columnShift', { value: signed(s.value), n: Math.abs(s.value) }), term(s)],
  drm: (s) => [t('web.step.drm', { value: signed(s.value) }), term(s)],
  moraleModifier: (s) => [signed(s.value), term(s)],
  movementCost: (s) => [t('web.step.movementCost', { value: number(s.value) }), term(s)],
  clamp: (s) => [t('web.step.clamp', { before: s.before, after: s.after, min: s.min, max: s.max }), ''],
  modifiedRoll: (s) => [`${s.die} ${s.naturals.join(' + ')}${s.drm ? ` ${signed(s.drm)}` : ''} = ${s.modified}`, ''],
  table: (s) => [t('web.step.table', { roll: rolled(s), column: s.columnLabel, row: s.row, cell: blank(s.cell) }), ''],
  matrix: (s) => [t('web.step.matrix', { row: s.row, column: s.column, cell: s.cell }), ''],
  band: (s) => [`${t('web.step.band', { value: number(s.value), band: s.band })}${s.text ? pair('', s.text) : ''}`, ''],
  check: (s) => [t('web.step.check', { roll: rolled(s), target: s.target === null ? t('web.step.cannotPass') : `${COMPARE[s.passIf]} ${s.target}`,
    verdict: t(s.passed ? 'web.step.passed' : 'web.step.failed') }), ''],
  result: () => ['', ''],
  note: () => ['', ''],
  ruling: () => ['', ''],
  prohibited: () => ['', ''],
  stacking: () => ['', ''],
  zoc: () => ['', ''],
  points: (s) => [t('web.step.points', { n: s.value }), ''],
  combatType: (s) => [outcome(s.value), ''],
};

/** A step in words: [what it did, its printed line] (both '' when the reason says it all). */
export const describeStep = (s) => stepRenderers[s.kind](s);
const stepEffect = (s) => describeStep(s)[0];

// What a ruling id means, from the ruleset's data ("W-04: Who takes shock step losses…?"); a
// printed-rule reference ("Combat Results Matrix") explains itself.
function explain(ref, rulings) {
  const lines = String(ref).split(/,\s*/).filter((id) => rulings[id]).map((id) => pair(id, rulings[id]));
  return lines.length ? lines.join('\n') : null;
}

function traceList(trace, rulings = {}) {
  return h('ol', { class: 'trace' }, trace.map((s) => {
    const [effect, line] = describeStep(s);
    const cite = s.ref ? ruleCite(s.ref, rulings) : null;
    return h('li', { class: `step step-${s.kind}` }, [
      h('span', { class: 'kind' }, words(s.kind)),
      s.for ? h('span', { class: 'for' }, ` ${forWhom(s.for)}`) : null,
      effect ? h('strong', { class: 'effect' }, ` ${effect}`) : null,
      line ? h('span', { class: 'line' }, ` ${line}`) : null,
      s.reason ? h('span', { class: 'reason' }, ` — ${s.reason}`) : null,
      cite ? h('span', { class: 'ref' }, [' ', hidden(`${t('web.trace.rule')} `), cite.button]) : null,
      cite?.note,
    ]);
  }));
}

let chips = 0;
/**
 * A ruling chip: the ruling's id as a button that shows its explanation on tap or click (a phone
 * has no hover), and on hover as a tooltip. Returns {button, note}: the note goes where there is
 * room for a line of text.
 */
export function rulingChip(ref, text) {
  const id = `ruling-note-${++chips}`;
  const note = h('p', { class: 'ruling-note', id, hidden: true }, text);
  const button = h('button', { type: 'button', class: 'ruling-chip', 'aria-expanded': 'false', 'aria-controls': id },
    h('cite', { title: text }, ref));
  button.addEventListener('click', () => {
    note.hidden = !note.hidden;
    button.setAttribute('aria-expanded', String(!note.hidden));
  });
  return { button, note };
}

// A rule reference: a ruling id is a chip that explains itself; a printed-rule reference
// ("Combat Results Matrix") explains itself.
function ruleCite(ref, rulings) {
  const text = explain(ref, rulings);
  return text ? rulingChip(ref, text) : { button: h('cite', {}, ref), note: null };
}

// A printed table as an HTML table, with each used cell (a table step's columnIndex and rowIndex:
// never its labels, which are said in the response's language) marked by more than colour: a thick outline, bold text and a note naming the roll, for screen
// readers too. A table printed by side (attacker and defender cells) marks each side's read on its
// own grid (the step `for` that side).
export function printedTable(table, steps) {
  const columns = table.columns ?? [];
  const sides = table.cells && !Array.isArray(table.cells) ? Object.keys(table.cells) : [null];
  const grids = sides.map((side) => {
    const cells = side ? table.cells[side] : table.cells;
    const rows = (table.rows ?? []).map((r, i) => {
      // grid rows are rolls with printed labels; chart/matrix rows are objects with their own cells.
      if (r && typeof r === 'object') return { label: r.label ?? [r.state, r.type].filter(Boolean).join(' '), cells: r.cells ?? [] };
      return { label: table.rowLabels?.[i] ?? String(r), cells: cells?.[i] ?? [] };
    });
    const mine = side ? steps.filter((s) => s.for === side) : steps;
    const used = mine.map((s) => ({ row: s.rowIndex, col: s.columnIndex, step: s }));
    const usedAt = (i, j) => used.filter((u) => u.row === i && u.col === j);
    const usedCols = new Set(used.map((u) => u.col)), usedRows = new Set(used.map((u) => u.row));
    return h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': `${table.title}${side ? ` (${forWhom(side)})` : ''}` },
      h('table', { class: 'printed' }, [
        h('caption', {}, [table.title, side ? ` — ${forWhom(side)}` : '']),
        h('thead', {}, headerRows(table, columns).map(([scale, labels]) => {
          // A table printed with one header row per scale (Waterloo fire: infantry and artillery)
          // marks the column on the scale the roll used (the step's scale, a key of columnHeaders).
          const mine = !scale || used.some((u) => u.step.scale === scale);
          return h('tr', { class: scale ? `scale${mine ? ' used-scale' : ''}` : null }, [
            scale ? h('th', { scope: 'row' }, words(scale)) : h('td', {}),
            ...labels.map((c, j) => h('th', { scope: 'col', class: usedCols.has(j) && mine ? 'used-col' : null }, c ?? '')),
          ]);
        })),
        h('tbody', {}, rows.map((r, i) => h('tr', { class: usedRows.has(i) ? 'used-row' : null }, [
          h('th', { scope: 'row' }, r.label),
          ...r.cells.map((c, j) => {
            const text = c && typeof c === 'object' ? c.text ?? JSON.stringify(c) : c ?? '';
            const hits = usedAt(i, j);
            if (!hits.length) return h('td', {}, text);
            const sides = hits.map((u) => u.step.for).filter(Boolean);
            const who = sides.join(', ');
            return h('td', { class: 'used', 'data-used': who || 'used' }, [h('strong', {}, text || t('web.step.blank')),
              hidden(` ${who ? t('web.table.cellUsedFor', { who: sides.map(forWhom).join(', ') }) : t('web.table.cellUsed')}`)]);
          }),
        ]))),
      ]));
  });
  return h('div', { class: 'printed-table' }, grids);
}

// The header rows: one per scale when the table prints several (columnHeaders), else the columns.
function headerRows(table, columns) {
  const scales = table.columnHeaders && typeof table.columnHeaders === 'object' ? Object.entries(table.columnHeaders) : [];
  return scales.length > 1 ? scales : [[null, columns]];
}

/**
 * The whole result panel for a successful resolve; `rulings` explains the ruling ids it cites, and
 * `tableTitles` ({table id: title}, from the ruleset's description) names the printed tables in the
 * page's language (engine.table({lang}) gives the rest of their texts in it).
 */
export function result(response, engine, rulings = {}, tableTitles = {}) {
  const tableSteps = response.trace.filter((s) => s.kind === 'table');
  // One printed table per table read, with every cell used in it marked (e.g. attack and defence).
  const byTable = new Map();
  for (const s of tableSteps) byTable.set(s.table, [...(byTable.get(s.table) ?? []), s]);
  const printed = [...byTable].map(([id, steps]) => {
    const lang = currentLang();  // English asks as before (an engine without `lang` answers it too)
    const t = engine.table({ ruleset: response.ruleset, table: id, ...(lang === 'en' ? {} : { lang }) });
    if (!t.ok) return null;
    return h('figure', {}, [printedTable({ ...t.table, title: tableTitles[id] ?? t.table.title }, steps),
      h('figcaption', {}, steps.map((s) => (s.for ? pair(words(s.for), stepEffect(s)) : stepEffect(s))).join('; '))]);
  });
  const codes = tableSteps.map((s) => h('li', {}, [s.for ? `${pair(words(s.for), '')}` : '', h('code', {}, blank(s.cell))]));
  return [
    h('p', { class: 'summary', id: 'result-summary' }, response.result.summary ?? t('web.result.resolved')),
    codes.length ? h('ul', { class: 'codes' }, codes) : null,
    response.rolls.length ? diceTable(response) : null,
    h('h3', {}, t('web.result.workedOut')),
    traceList(response.trace, rulings),
    printed.length ? h('h3', {}, t('web.result.printedTables', { n: printed.length })) : null,
    ...printed,
    h('details', {}, [h('summary', {}, t('web.result.allFields')), details(response.result)]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Odds

const numericKey = (dist) => dist.every((e) => typeof e.value === 'number');

// Outcome values in the rules' words (labels.mjs): set by the page for the chosen ruleset.
let outcomeLabel = outcomeLabeller({});
export function setOutcomeLabels(label) { outcomeLabel = label; }
function outcome(v) { return show(typeof v === 'string' ? outcomeLabel(v) : v); }
// Shock-like procedures tally both sides, each named by whose result it is ("attackerFinal",
// "defenderCell"): shown side by side.
const SIDE = /^(attacker|attack|defender|defence|defense)(?=[A-Z_])/;
const sideOf = (key) => { const m = SIDE.exec(key); return m ? (m[1].startsWith('attack') ? 'attacker' : 'defender') : ''; };
const keyLabel = (key) => { const k = key.replace(SIDE, ''); return words(k[0].toLowerCase() + k.slice(1)); };

// A side's outcome listed unit by unit ("Normal, D-1, Normal") says which unit is which, numbered
// as the form numbers them: "1 Normal · 2 D-1 · 3 Normal".
function perUnit(value, units) {
  const parts = typeof value === 'string' && units > 1 ? value.split(', ') : [];
  return units > 1 && parts.length === units ? parts.map((p, i) => `${i + 1} ${outcome(p)}`).join(' · ') : outcome(value);
}

/** One distribution as a bar chart that is itself a table: the numbers are the text alternative. */
function distribution(key, dist, expected, units = 0) {
  const numeric = numericKey(dist);
  const entries = numeric ? [...dist].sort((a, b) => a.value - b.value) : dist;
  const id = `odds-${key}`;
  return h('figure', { class: 'odds-chart', 'data-key': key }, [
    h('table', { class: 'bars', id }, [
      h('caption', {}, [keyLabel(key), units > 1 && dist.some((e) => typeof e.value === 'string' && e.value.split(', ').length === units) ? ` ${t('web.odds.unitByUnit')}` : '',
        expected ? h('span', { class: 'expected' }, ` ${t('web.odds.expected', { value: decimal(expected.value, 2), fraction: fraction(expected.fraction) })}`) : null]),
      h('thead', {}, h('tr', {}, [h('th', { scope: 'col' }, t('web.odds.outcome')), h('th', { scope: 'col' }, t('web.odds.chance')),
        numeric ? h('th', { scope: 'col' }, t('web.odds.atLeast')) : null])),
      h('tbody', {}, entries.map((e) => {
        const bar = h('span', { class: 'bar', 'aria-hidden': 'true' });
        bar.style.width = `${(e.probability * 100).toFixed(2)}%`;
        return h('tr', { 'data-probability': e.probability }, [
          h('th', { scope: 'row' }, perUnit(e.value, units)),
          h('td', { class: 'chance', title: fraction(e.fraction) }, [h('span', { class: 'track' }, bar), h('span', { class: 'pct' }, percent(e.probability))]),
          numeric ? h('td', { class: 'atleast' }, e.atLeast ? percent(e.atLeast.probability) : '') : null,
        ]);
      })),
    ]),
  ]);
}

// How far one changed input moves the odds, for players: rows ranked by how far they move the
// headline figures (ruleset.json), rows with the same effect folded into one (the same input on
// several units, or several choices that come to the same), the headline figures only (the other
// tallies on demand), and the first few rows only until "Show all".
export const WHAT_IF_FIRST_VIEW = 8;
let showAllWhatIfs = false;  // the player's choice holds across updates of the odds

const same = (a, b) => Math.abs(a - b) < 1e-9;

// What one what-if changes: the headline figures that move, and on demand the other tallies.
function whatIfEffect(base, s) {
  const headline = [];
  let size = 0, total = 0, detailSize = 0;
  (s.headline ?? []).forEach((f, i) => {
    const was = base.headline?.[i]?.probability;
    if (was === undefined || same(f.probability, was)) return;
    headline.push({ label: f.label, was, now: f.probability });
    size = Math.max(size, Math.abs(f.probability - was));
    total += Math.abs(f.probability - was);
  });
  const details = [];
  for (const [key, ev] of Object.entries(s.expected ?? {})) {
    const was = base.expected?.[key]?.value;
    if (was === undefined || same(ev.value, was)) continue;
    details.push(t('web.whatIf.expected', { tally: words(key), was: decimal(was, 2), now: decimal(ev.value, 2) }));
    detailSize = Math.max(detailSize, Math.abs(ev.value - was));
  }
  for (const [key, dist] of Object.entries(s.distributions ?? {})) {
    if (s.expected?.[key]) continue;
    const before = new Map((base.distributions[key] ?? []).map((e) => [show(e.value), e.probability]));
    const change = (e) => ({ value: e.value, d: e.probability - (before.get(show(e.value)) ?? 0), p: e.probability });
    let best = null;
    if (dist.every((e) => typeof e.value === 'boolean')) {
      // A yes/no tally names its outcome ("Leader killed"): the what-if moves the chance of yes, never
      // of its negation ("Leader killed no: 0 % → 99 %" read as a 99 % chance of killing the leader;
      // issue 29). A tally no sequence made true has yes at 0.
      best = change(dist.find((e) => e.value === true) ?? { value: true, probability: 0 });
    } else {
      for (const e of dist.map(change)) if (!best || Math.abs(e.d) > Math.abs(best.d) + 1e-12) best = e;
    }
    if (!best || Math.abs(best.d) < 1e-9) continue;
    details.push(pair(`${words(key)}${best.value === true ? '' : ` ${outcome(best.value)}`}`, `${percent(best.p - best.d)} → ${percent(best.p)}`));
    detailSize = Math.max(detailSize, Math.abs(best.d));
  }
  // Procedures without headline figures rank by their tallies.
  if (!base.headline?.length) size = detailSize;
  const signature = JSON.stringify([headline.map((c) => [c.label, c.now.toFixed(9)]), details]);
  return { s, size, total, detailSize, headline, details, signature };
}

// "Attacker › Attacking unit 1", "… unit 2" -> "Attacker › Attacking unit 1, 2".
function places(at) {
  const byStem = new Map();
  for (const a of at) {
    const m = /^(.*\D)(\d+)$/.exec(a);
    const [stem, n] = m ? [m[1], m[2]] : [a, null];
    byStem.set(stem, [...(byStem.get(stem) ?? []), n].filter((x) => x !== null));
  }
  return [...byStem].map(([stem, ns]) => `${stem}${ns.join(', ')}`).join('; ');
}

function sensitivity(base, all, where) {
  // A change the rules refuse here (the engine answers it with an error) is not a what-if: left out.
  const entries = (all ?? []).filter((s) => !s.error);
  if (!entries.length) return null;
  const effects = entries.map((s) => whatIfEffect(base, s));
  // Fold rows that say the same: one input's several choices, or the same input on several units.
  const rows = new Map();
  for (const e of effects) {
    if (!e.headline.length && !e.details.length) continue;
    const key = `${e.s.title}\u0000${show(e.s.fromLabel ?? e.s.from)}\u0000${e.signature}`;
    const row = rows.get(key) ?? { ...e, to: [], at: [] };
    const to = show(e.s.toLabel ?? e.s.to), at = where(e.s.path);
    if (!row.to.includes(to)) row.to.push(to);
    if (at && !row.at.includes(at)) row.at.push(at);
    rows.set(key, row);
  }
  const moving = [...rows.values()].sort((a, b) => b.size - a.size || b.total - a.total || b.detailSize - a.detailSize);
  const still = effects.filter((e) => !e.headline.length && !e.details.length);
  const first = Math.min(WHAT_IF_FIRST_VIEW, moving.length);
  const tbody = h('tbody', {}, moving.map((r, i) => h('tr', { class: i < first ? null : 'more', hidden: i >= first && !showAllWhatIfs }, [
    h('th', { scope: 'row' }, [
      pair(r.s.title, `${show(r.s.fromLabel ?? r.s.from)} → ${r.to.join(` ${t('web.or')} `)}`),
      r.at.length ? h('span', { class: 'path' }, places(r.at)) : null,
    ]),
    h('td', {}, [
      r.headline.length
        ? h('ul', { class: 'plain' }, r.headline.map((c) => h('li', {}, [pair(c.label, ''), h('span', { class: 'fig' }, `${percent(c.was)} → ${percent(c.now)}`)])))
        : h('p', { class: 'help' }, base.headline?.length ? t('web.whatIf.noChange') : ''),
      r.details.length && base.headline?.length
        ? h('details', { class: 'tallies' }, [h('summary', {}, t('web.whatIf.otherFigures')), h('ul', { class: 'plain' }, r.details.map((c) => h('li', {}, c)))])
        : r.details.length ? h('ul', { class: 'plain' }, r.details.map((c) => h('li', {}, c))) : null,
    ]),
  ])));
  const more = moving.length - first;
  const toggle = more > 0 ? h('button', { type: 'button', class: 'show-all', 'aria-expanded': String(showAllWhatIfs) },
    showAllWhatIfs ? t('web.whatIf.firstOnly') : t('web.whatIf.showAll', { n: moving.length })) : null;
  toggle?.addEventListener('click', () => {
    showAllWhatIfs = !showAllWhatIfs;
    for (const tr of tbody.querySelectorAll('tr.more')) tr.hidden = !showAllWhatIfs;
    toggle.setAttribute('aria-expanded', String(showAllWhatIfs));
    toggle.textContent = showAllWhatIfs ? t('web.whatIf.firstOnly') : t('web.whatIf.showAll', { n: moving.length });
  });
  return h('div', { class: 'what-if' }, [
    moving.length ? h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': t('web.whatIf.region') }, [
      h('table', { class: 'sensitivity' }, [
        h('caption', {}, t('web.whatIf.caption')),
        h('thead', {}, h('tr', {}, [h('th', { scope: 'col' }, t('web.whatIf.if')), h('th', { scope: 'col' }, t(base.headline?.length ? 'web.odds.headline' : 'web.whatIf.effect'))])),
        tbody,
      ]),
    ]) : null,
    toggle,
    still.length ? h('details', { class: 'no-effect' }, [h('summary', {}, t('web.whatIf.noEffect', { n: still.length })), h('p', { class: 'help' }, `${still.map((e) => {
      const at = where(e.s.path);
      const what = e.s.toLabel === undefined ? e.s.title : pair(e.s.title, e.s.toLabel);
      return at ? `${what} (${at})` : what;
    }).join('; ')}.`)]) : null,
  ]);
}

/** The gist of the odds in one line, for the phone bar: each side's (or the) first outcome, its likeliest value. */
export function oddsDigest(response) {
  // The procedure's headline figures (ruleset.json) when it names them; else each side's likeliest value.
  if (response.headline?.length) return response.headline.slice(0, 3).map((f) => pair(f.label, percent(f.probability))).join(' · ');
  const keys = Object.keys(response.distributions);
  const firsts = ['', 'defender', 'attacker'].map((side) => keys.find((k) => sideOf(k) === side)).filter(Boolean);
  return firsts.map((k) => {
    const top = [...response.distributions[k]].sort((a, b) => b.probability - a.probability)[0];
    const side = sideOf(k);
    return pair(`${side ? `${words(side)} ` : ''}${keyLabel(k).toLowerCase()}`, `${outcome(top.value)} ${percent(top.probability)}`);
  }).join(' · ');
}

/** The odds panel for a successful engine.odds response; `where(pointer)` names an input for people. */
export function odds(response, where = (p) => p, request = {}) {
  const keys = Object.keys(response.distributions);
  const groups = { '': [], attacker: [], defender: [] };
  for (const k of keys) groups[sideOf(k)].push(k);
  const units = (k) => request[sideOf(k)]?.units?.length ?? 0;
  const chart = (k) => distribution(k, response.distributions[k], response.expected?.[k], units(k));
  const sided = groups.attacker.length || groups.defender.length;
  return [
    response.headline?.length ? h('ul', { class: 'headline plain', 'aria-label': t('web.odds.headline') }, response.headline.map((f) =>
      h('li', {}, [h('span', { class: 'label' }, f.label), ' ', h('strong', { title: fraction(f.fraction) }, percent(f.probability))]))) : null,
    // paths counts the engine's branches (faces that lead on alike are one branch), not dice
    // sequences: one branch means no dice at all.
    h('p', { class: 'paths' }, t(response.paths === 1 ? 'web.odds.certain' : 'web.odds.exact')),
    groups[''].length ? h('div', { class: 'charts' }, groups[''].map(chart)) : null,
    sided ? h('div', { class: 'sides' }, ['attacker', 'defender'].filter((s) => groups[s].length).map((s) => h('section', { class: `side side-${s}`, 'aria-label': t('web.odds.side', { side: words(s) }) }, [
      h('h3', {}, words(s)), ...groups[s].map(chart)]))) : null,
    response.sensitivity?.length || response.sensitivityError ? h('h3', {}, t('web.whatIf.heading')) : null,
    // The odds fit the work budget and the what-if table did not (the engine kept what fits).
    response.sensitivityError ? h('p', { class: 'help what-if-too-large' },
      t('web.whatIf.tooLarge', { message: response.sensitivityError.message.replace(/^./, (c) => c.toUpperCase()) })) : null,
    sensitivity(response, response.sensitivity, where),
  ];
}
