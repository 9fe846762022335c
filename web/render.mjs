// Renders engine responses: the result (words, codes, dice, trace, printed tables with the used
// cell marked) and the exact odds. Everything is generic over the response shapes, so a new
// procedure needs no code here.
import { fraction, h, percent, signed, titleCase } from './dom.mjs';

const hidden = (text) => h('span', { class: 'visually-hidden' }, text);

function show(value) {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : 'none';
  return String(value);
}

/** A nested definition list of the result's fields (the codes behind the summary). */
function details(obj) {
  const items = [];
  for (const [k, v] of Object.entries(obj)) {
    if (k === 'summary' || k === 'messages') continue;  // the summary is shown above; messages are its structured form
    const isList = Array.isArray(v) && v.some((x) => x && typeof x === 'object');
    const nested = v && typeof v === 'object' && !Array.isArray(v);
    items.push(h('dt', {}, titleCase(k)));
    if (isList) items.push(h('dd', {}, h('ol', { class: 'plain' }, v.map((x) => h('li', {}, typeof x === 'object' ? details(x) : show(x))))));
    else items.push(h('dd', {}, nested ? details(v) : show(v)));
  }
  return h('dl', { class: 'details' }, items);
}

// The modified roll behind each natural one: the procedure's result objects carry {natural, modified}
// pairs in the order the dice were rolled.
function modifiedRolls(response) {
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
    h('caption', {}, response.seed !== undefined ? `Dice (seed ${response.seed})` : 'Dice'),
    h('thead', {}, h('tr', {}, ['Roll', 'Die', 'Natural', 'Modified'].map((c) => h('th', { scope: 'col' }, c)))),
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
const plural = (n, word) => `${word}${Math.abs(n) === 1 ? '' : 's'}`;
// A modifier's printed line: "Per loss level ×2", "Woods [cavalry]".
const term = (s) => `${s.label}${s.times > 1 ? ` ×${s.times}` : ''}${s.pairKey ? ` [${s.pairKey}]` : ''}`;
const rolled = (s) => `${s.die} ${s.natural}${s.drm ? ` ${signed(s.drm)} = ${s.modified}` : ''}`;
const COMPARE = { atMost: '≤', below: '<', atLeast: '≥', above: '>' };

/**
 * One renderer per trace step kind (src/core/trace.json: one shape each): what the step did in a
 * few words, and the printed line it comes from. tests/js/trace-schema.test.mjs checks that every
 * declared kind has one and that no fixture's step renders a missing field.
 */
export const stepRenderers = {
  strength: (s) => [mixed(s.value), ''],
  division: (s) => [`${s.before} ÷ ${s.divisor} = ${s.after}${s.rounding === 'down' ? ' (rounded down)' : ' (rounded up)'}`, ''],
  multiplier: (s) => [`× ${mixed(s.factor)}: ${mixed(s.before)} → ${mixed(s.after)}${s.rounding === 'down' ? ' (rounded down)' : ''}`, s.label],
  column: (s) => [`column ${s.columnLabel}`, ''],
  columnShift: (s) => [`${signed(s.value)} ${plural(s.value, 'column')}`, term(s)],
  drm: (s) => [`DRM ${signed(s.value)}`, term(s)],
  moraleModifier: (s) => [signed(s.value), term(s)],
  movementCost: (s) => [`${s.value} MP`, term(s)],
  clamp: (s) => [`${s.before} → ${s.after} (limits ${s.min} to ${s.max})`, ''],
  modifiedRoll: (s) => [`${s.die} ${s.naturals.join(' + ')}${s.drm ? ` ${signed(s.drm)}` : ''} = ${s.modified}`, ''],
  table: (s) => [`${rolled(s)}: column ${s.columnLabel}, row ${s.row} → ${s.cell ?? '(blank)'}`, ''],
  matrix: (s) => [`${s.row}, column ${s.column} → ${s.cell}`, ''],
  band: (s) => [`${s.value} reads ${s.band}${s.text ? `: ${s.text}` : ''}`, ''],
  check: (s) => [`${rolled(s)} ${s.target === null ? '(cannot pass)' : `${COMPARE[s.passIf]} ${s.target}`}: ${s.passed ? 'passed' : 'failed'}`, ''],
  result: () => ['', ''],
  note: () => ['', ''],
  ruling: () => ['', ''],
  prohibited: () => ['', ''],
  stacking: () => ['', ''],
  zoc: () => ['', ''],
  points: (s) => [`${s.value} ${plural(s.value, 'point')}`, ''],
  combatType: (s) => [String(s.value), ''],
};

/** A step in words: [what it did, its printed line] (both '' when the reason says it all). */
export const describeStep = (s) => stepRenderers[s.kind](s);
const stepEffect = (s) => describeStep(s)[0];

// What a ruling id means, from the ruleset's data ("W-04: Who takes shock step losses…?"); a
// printed-rule reference ("Combat Results Matrix") explains itself.
function explain(ref, rulings) {
  const lines = String(ref).split(/,\s*/).filter((id) => rulings[id]).map((id) => `${id}: ${rulings[id]}`);
  return lines.length ? lines.join('\n') : null;
}

function traceList(trace, rulings = {}) {
  return h('ol', { class: 'trace' }, trace.map((s) => {
    const [effect, line] = describeStep(s);
    return h('li', { class: `step step-${s.kind}` }, [
      h('span', { class: 'kind' }, titleCase(s.kind)),
      s.for ? h('span', { class: 'for' }, ` ${s.for}`) : null,
      effect ? h('strong', { class: 'effect' }, ` ${effect}`) : null,
      line ? h('span', { class: 'line' }, ` ${line}`) : null,
      s.reason ? h('span', { class: 'reason' }, ` — ${s.reason}`) : null,
      s.ref ? h('span', { class: 'ref' }, [' ', hidden('rule '), ruleCite(s.ref, rulings)]) : null,
    ]);
  }));
}

// A rule reference; a ruling id carries its explanation, shown on hover and, for keyboard and
// screen-reader users, on focus (tabindex) and as its accessible description.
function ruleCite(ref, rulings) {
  const text = explain(ref, rulings);
  return text ? h('cite', { title: text, tabindex: '0', 'aria-description': text }, ref) : h('cite', {}, ref);
}

// A printed table as an HTML table, with each used cell (a table step's column index and row label)
// marked by more than colour: a thick outline, bold text and a note naming the roll, for screen
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
    const used = mine.map((s) => ({ row: rows.findIndex((r) => r.label === s.row), col: s.columnIndex, step: s }));
    const usedAt = (i, j) => used.filter((u) => u.row === i && u.col === j);
    const usedCols = new Set(used.map((u) => u.col)), usedRows = new Set(used.map((u) => u.row));
    return h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': `${table.title}${side ? ` (${side})` : ''}` },
      h('table', { class: 'printed' }, [
        h('caption', {}, [table.title, side ? ` — ${side}` : '']),
        h('thead', {}, h('tr', {}, [h('td', {}), ...columns.map((c, j) => h('th', { scope: 'col', class: usedCols.has(j) ? 'used-col' : null }, c))])),
        h('tbody', {}, rows.map((r, i) => h('tr', { class: usedRows.has(i) ? 'used-row' : null }, [
          h('th', { scope: 'row' }, r.label),
          ...r.cells.map((c, j) => {
            const text = c && typeof c === 'object' ? c.text ?? JSON.stringify(c) : c ?? '';
            const hits = usedAt(i, j);
            if (!hits.length) return h('td', {}, text);
            const who = hits.map((u) => u.step.for).filter(Boolean).join(', ');
            return h('td', { class: 'used', 'data-used': who || 'used' }, [h('strong', {}, text || '(blank)'),
              hidden(` — the cell used${who ? ` for the ${who}` : ''}`)]);
          }),
        ]))),
      ]));
  });
  return h('div', { class: 'printed-table' }, grids);
}

/** The whole result panel for a successful resolve; `rulings` explains the ruling ids it cites. */
export function result(response, engine, rulings = {}) {
  const tableSteps = response.trace.filter((s) => s.kind === 'table');
  // One printed table per table read, with every cell used in it marked (e.g. attack and defence).
  const byTable = new Map();
  for (const s of tableSteps) byTable.set(s.table, [...(byTable.get(s.table) ?? []), s]);
  const printed = [...byTable].map(([id, steps]) => {
    const t = engine.table({ ruleset: response.ruleset, table: id });
    if (!t.ok) return null;
    return h('figure', {}, [printedTable(t.table, steps),
      h('figcaption', {}, steps.map((s) => `${s.for ? `${titleCase(s.for)}: ` : ''}${stepEffect(s)}`).join('; '))]);
  });
  const codes = tableSteps.map((s) => h('li', {}, [s.for ? `${titleCase(s.for)}: ` : '', h('code', {}, s.cell ?? '(blank)')]));
  return [
    h('p', { class: 'summary', id: 'result-summary' }, response.result.summary ?? 'Resolved.'),
    codes.length ? h('ul', { class: 'codes' }, codes) : null,
    diceTable(response),
    h('h3', {}, 'How it was worked out'),
    traceList(response.trace, rulings),
    printed.length ? h('h3', {}, printed.length > 1 ? 'Printed tables' : 'Printed table') : null,
    ...printed,
    h('details', {}, [h('summary', {}, 'All result fields'), details(response.result)]),
  ];
}

// ---------------------------------------------------------------------------------------------
// Odds

const numericKey = (dist) => dist.every((e) => typeof e.value === 'number');
// Shock-like procedures tally both sides, each named by whose result it is ("attackerFinal",
// "defenderCell"): shown side by side.
const SIDE = /^(attacker|attack|defender|defence|defense)(?=[A-Z_])/;
const sideOf = (key) => { const m = SIDE.exec(key); return m ? (m[1].startsWith('attack') ? 'attacker' : 'defender') : ''; };
const keyLabel = (key) => titleCase(key.replace(SIDE, ''));

/** One distribution as a bar chart that is itself a table: the numbers are the text alternative. */
function distribution(key, dist, expected) {
  const numeric = numericKey(dist);
  const entries = numeric ? [...dist].sort((a, b) => a.value - b.value) : dist;
  const id = `odds-${key}`;
  return h('figure', { class: 'odds-chart', 'data-key': key }, [
    h('table', { class: 'bars', id }, [
      h('caption', {}, [keyLabel(key), expected ? h('span', { class: 'expected' }, ` — expected ${expected.value.toFixed(2)} (${fraction(expected.fraction)})`) : null]),
      h('thead', {}, h('tr', {}, [h('th', { scope: 'col' }, 'Outcome'), h('th', { scope: 'col' }, 'Chance'),
        numeric ? h('th', { scope: 'col' }, 'At least') : null])),
      h('tbody', {}, entries.map((e) => {
        const bar = h('span', { class: 'bar', 'aria-hidden': 'true' });
        bar.style.width = `${(e.probability * 100).toFixed(2)}%`;
        return h('tr', { 'data-probability': e.probability }, [
          h('th', { scope: 'row' }, show(e.value)),
          h('td', { class: 'chance', title: fraction(e.fraction) }, [h('span', { class: 'track' }, bar), h('span', { class: 'pct' }, percent(e.probability))]),
          numeric ? h('td', { class: 'atleast' }, e.atLeast ? percent(e.atLeast.probability) : '') : null,
        ]);
      })),
    ]),
  ]);
}

// How far one changed input moves the odds: expected counts, and for categories the outcome whose
// chance moves most. Entries that change nothing are listed together at the end.
function sensitivity(base, all, where) {
  // A change the rules refuse here (the engine answers it with an error) is not a what-if: left out.
  const entries = (all ?? []).filter((s) => !s.error);
  if (!entries.length) return null;
  const effects = entries.map((s) => {
    const changes = [];
    let size = 0;
    // The headline figures first: the changes players ask about.
    (s.headline ?? []).forEach((f, i) => {
      const was = base.headline?.[i]?.probability;
      if (was === undefined || Math.abs(f.probability - was) < 1e-9) return;
      changes.push(`${f.label}: ${percent(was)} → ${percent(f.probability)}`);
      size = Math.max(size, Math.abs(f.probability - was));
    });
    for (const [key, ev] of Object.entries(s.expected ?? {})) {
      const was = base.expected?.[key]?.value;
      if (was === undefined || Math.abs(ev.value - was) < 1e-9) continue;
      changes.push(`${titleCase(key)}: expected ${was.toFixed(2)} → ${ev.value.toFixed(2)}`);
      size = Math.max(size, Math.abs(ev.value - was));
    }
    for (const [key, dist] of Object.entries(s.distributions ?? {})) {
      if (s.expected?.[key]) continue;
      const before = new Map((base.distributions[key] ?? []).map((e) => [show(e.value), e.probability]));
      let best = null;
      for (const e of dist) {
        const d = e.probability - (before.get(show(e.value)) ?? 0);
        if (!best || Math.abs(d) > Math.abs(best.d)) best = { value: show(e.value), d, p: e.probability };
      }
      if (!best || Math.abs(best.d) < 1e-9) continue;
      changes.push(`${titleCase(key)} ${best.value}: ${percent(best.p - best.d)} → ${percent(best.p)}`);
      size = Math.max(size, Math.abs(best.d));
    }
    return { s, size, changes };
  }).sort((a, b) => b.size - a.size);
  const moving = effects.filter((e) => e.changes.length);
  const still = effects.filter((e) => !e.changes.length);
  const name = (s) => [s.title, h('span', { class: 'path' }, where(s.path))];
  return h('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': 'Sensitivity of each modifier' }, [
    h('table', { class: 'sensitivity' }, [
      h('caption', {}, 'If one input were otherwise'),
      h('thead', {}, h('tr', {}, ['Input', 'Change', 'Effect on the odds'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, moving.map(({ s, changes }) => h('tr', {}, [
        h('th', { scope: 'row' }, name(s)),
        h('td', {}, `${show(s.fromLabel ?? s.from)} → ${show(s.toLabel ?? s.to)}`),
        h('td', {}, h('ul', { class: 'plain' }, changes.map((c) => h('li', {}, c)))),
      ]))),
    ]),
    still.length ? h('p', { class: 'help' }, `No effect here: ${still.map((e) => {
      const at = where(e.s.path);
      const what = e.s.toLabel === undefined ? e.s.title : `${e.s.title}: ${e.s.toLabel}`;
      return at ? `${what} (${at})` : what;
    }).join('; ')}.`) : null,
  ]);
}

/** The gist of the odds in one line, for the phone bar: each side's (or the) first outcome, its likeliest value. */
export function oddsDigest(response) {
  // The procedure's headline figures (ruleset.json) when it names them; else each side's likeliest value.
  if (response.headline?.length) return response.headline.slice(0, 3).map((f) => `${f.label}: ${percent(f.probability)}`).join(' · ');
  const keys = Object.keys(response.distributions);
  const firsts = ['', 'defender', 'attacker'].map((side) => keys.find((k) => sideOf(k) === side)).filter(Boolean);
  return firsts.map((k) => {
    const top = [...response.distributions[k]].sort((a, b) => b.probability - a.probability)[0];
    const side = sideOf(k);
    return `${side ? `${titleCase(side)} ` : ''}${keyLabel(k).toLowerCase()}: ${show(top.value)} ${percent(top.probability)}`;
  }).join(' · ');
}

/** The odds panel for a successful engine.odds response; `where(pointer)` names an input for people. */
export function odds(response, where = (p) => p) {
  const keys = Object.keys(response.distributions);
  const groups = { '': [], attacker: [], defender: [] };
  for (const k of keys) groups[sideOf(k)].push(k);
  const chart = (k) => distribution(k, response.distributions[k], response.expected?.[k]);
  const sided = groups.attacker.length || groups.defender.length;
  return [
    response.headline?.length ? h('ul', { class: 'headline plain', 'aria-label': 'Headline odds' }, response.headline.map((f) =>
      h('li', {}, [h('span', { class: 'label' }, f.label), ' ', h('strong', { title: fraction(f.fraction) }, percent(f.probability))]))) : null,
    h('p', { class: 'paths' }, `Exact, over all ${response.paths} dice sequences.`),
    groups[''].length ? h('div', { class: 'charts' }, groups[''].map(chart)) : null,
    sided ? h('div', { class: 'sides' }, ['attacker', 'defender'].filter((s) => groups[s].length).map((s) => h('section', { class: `side side-${s}`, 'aria-label': `${titleCase(s)} odds` }, [
      h('h3', {}, titleCase(s)), ...groups[s].map(chart)]))) : null,
    response.sensitivity?.length ? h('h3', {}, 'Sensitivity') : null,
    sensitivity(response, response.sensitivity, where),
  ];
}
