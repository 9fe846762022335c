// The texts of the rulesets' forms (issue 28): every title, description, enum label, headline label and
// ruling of each src/rulesets/<folder>/ruleset.json — what rulesets() describes and odds labels with.
// (and the titles of its tables, from tables.json). English stays in ruleset.json (its source of truth: a newcomer adds a ruleset in its own folder);
// each other language's text is in src/messages/<lang>.json under "forms", keyed by a stable id
// derived from the ruleset and the text's place in ruleset.json:
//
//   /procedures/shock/inputs/properties/attacker/properties/units/items/properties/type/x-enumLabels/0
//     -> battles-of-waterloo.form.shock.inputs.attacker.units.item.type.enum.infantry
//   /options/W02_rally_le/title  -> battles-of-waterloo.option.W02_rally_le.title
//   /rulings/W-01                -> battles-of-waterloo.ruling.W-01
//
// ("properties" is left out, "items" reads "item", "procedures" "form", "options" "option", "rulings"
// "ruling"; an enum label is named by its enum value). gen-core.mjs checks that every English text has
// its French and that the French names no text that is not there, and writes forms_fr.h: the French
// by ruleset and JSON Pointer, which the engine puts into its copy of ruleset.json (Ruleset::procedure).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
export const rulesetsDir = join(here, '../src/rulesets');

const TEXT_KEYS = new Set(['title', 'description', 'label', 'publisher']);
const RENAMED = { procedures: 'form', options: 'option', rulings: 'ruling' };
const pointerToken = (k) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');

// [{id, pointer, english}] of one ruleset.json (parsed), in file order.
export function formTexts(ruleset) {
  const out = [];
  const walk = (v, tokens, names, parent) => {
    if (typeof v === 'string') {
      const key = tokens[tokens.length - 1];
      const holder = tokens[tokens.length - 2];
      const translatable = (typeof key === 'string' && TEXT_KEYS.has(key) && holder !== 'properties') ||
        holder === 'x-enumLabels' || (holder === 'rulings' && tokens.length === 2);
      if (!translatable) return;
      let idNames = names;
      if (holder === 'x-enumLabels') idNames = [...names.slice(0, -2), 'enum', String(parent.enum?.[key] ?? key)];
      out.push({ id: [ruleset.id, ...idNames].join('.'), pointer: tokens.map((t) => `/${pointerToken(t)}`).join(''), english: v });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...tokens, i], [...names, String(i)], v));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        const inSchemaWords = k === 'properties';
        const name = tokens.length === 0 && RENAMED[k] ? RENAMED[k] : k === 'items' ? 'item' : k;
        // x-enumLabels' parent is the schema holding "enum": passed down as `parent` of the array.
        if (k === 'x-enumLabels' && Array.isArray(x)) {
          x.forEach((label, i) => walk(label, [...tokens, k, i], [...names, k, String(i)], v));
          continue;
        }
        walk(x, [...tokens, k], inSchemaWords ? names : [...names, name], v);
      }
    }
  };
  walk(ruleset, [], [], null);
  const seen = new Map();
  for (const t of out) {
    if (seen.has(t.id)) throw new Error(`forms: ${seen.get(t.id)} and ${t.pointer} make the same id ${t.id}`);
    seen.set(t.id, t.pointer);
  }
  return out;
}

// The titles of a ruleset's tables (tables.json; rulesets() lists them): id <ruleset>.table.<id>.title,
// pointer "tables.json#/tables/<id>/title" (the engine reads them by that pointer).
export function tableTitles(rulesetId, tables) {
  return Object.entries(tables.tables).filter(([, t]) => typeof t.title === 'string').map(([id, t]) => ({
    id: `${rulesetId}.table.${id}.title`, pointer: `tables.json#/tables/${pointerToken(id)}/title`, english: t.title,
  }));
}

// The printed texts of a ruleset's tables that its procedures say in a response (trace steps, message
// parameters): each modifier's line, each band's label and result, each chart's rows (label, cells,
// items), columns, legend and notes, and the text of each matrix cell (Black Powder's result paragraphs, which keep their markup in "text" and
// are said from "plain", are not among them). Ids <ruleset>.table.<table>.<entry or row id>.label,
// <ruleset>.table.<table>.<row id>.cell.<m>|item.<m>, ….column.<m>, ….legend.<n>.printed|text,
// ….note.<key>, ….band.<n>.label|text and <ruleset>.table.<table>.row.<n>.cell.<m>|state|type; pointer
// "tables.json#/tables/<table>/…". Only texts with a word: codes and numbers ("D-1", "2BDr") stay.
// The engine finds their French by the English text (Ruleset::printedText: forms_fr.h kPrinted).
const wordy = (s) => typeof s === 'string' && /[A-Za-z][a-z]{2,}/.test(s);
const decimal = (s) => typeof s === 'string' && /\d\.\d/.test(s);  // French writes a decimal comma
export function tablePrintedTexts(rulesetId, tables) {
  const out = [];
  const add = (tid, idTail, pointerTail, english, alsoWhen = () => false) => {
    if (wordy(english) || alsoWhen(english)) out.push({ id: `${rulesetId}.table.${tid}.${idTail}`, pointer: `tables.json#/tables/${pointerToken(tid)}/${pointerTail}`, english });
  };
  for (const [tid, t] of Object.entries(tables.tables)) {
    if (t.kind === 'modifiers') t.entries.forEach((e, i) => add(tid, `${e.id}.label`, `entries/${i}/label`, e.label));
    (t.groups ?? []).forEach((g, i) => add(tid, `group.${i}`, `groups/${i}`, g));  // a modifier's group, its step's ref
    if (t.kind === 'bands') t.bands.forEach((b, i) => {
      add(tid, `band.${i}.label`, `bands/${i}/label`, b.label);
      add(tid, `band.${i}.text`, `bands/${i}/text`, b.text);
    });
    if (t.kind === 'grid') {  // a table step says its row and column labels ("-1 or less", "0 and -", "1.5-1": 1,5 in French)
      (t.rowLabels ?? []).forEach((l, i) => add(tid, `rowLabel.${i}`, `rowLabels/${i}`, l, decimal));
      (t.columns ?? []).forEach((c, j) => add(tid, `column.${j}`, `columns/${j}`, c, decimal));
    }
    if (t.kind === 'chart') {
      t.rows.forEach((r, i) => {
        add(tid, `${r.id}.label`, `rows/${i}/label`, r.label);
        (Array.isArray(r.cells) ? r.cells : []).forEach((c, j) => add(tid, `${r.id}.cell.${j}`, `rows/${i}/cells/${j}`, c));
        (r.items ?? []).forEach((c, j) => add(tid, `${r.id}.item.${j}`, `rows/${i}/items/${j}`, c));
      });
      (t.columns ?? []).forEach((c, j) => add(tid, `column.${j}`, `columns/${j}`, c));
      (t.legend ?? []).forEach((l, j) => {
        add(tid, `legend.${j}.printed`, `legend/${j}/printed`, l.printed);
        add(tid, `legend.${j}.text`, `legend/${j}/text`, l.text);
      });
      if (t.notes && !Array.isArray(t.notes)) for (const [k, n] of Object.entries(t.notes)) add(tid, `note.${k}`, `notes/${pointerToken(k)}`, n);
    }
    if (t.kind === 'matrix') t.rows.forEach((r, i) => {
      add(tid, `row.${i}.state`, `rows/${i}/state`, r.state);  // a row named by state and type (Waterloo)
      add(tid, `row.${i}.type`, `rows/${i}/type`, r.type);
      (r.cells ?? []).forEach((c, j) => {
        if (c && typeof c === 'object' && !('plain' in c)) add(tid, `row.${i}.cell.${j}`, `rows/${i}/cells/${j}/text`, c.text);
      });
    });
  }
  return out;
}

// Every other text a table answer carries (engine.table({lang}): notes, footers, headers, legends,
// side labels, paragraphs, Black Powder's result paragraphs, Grande Tactique's printed lines): id
// <ruleset>.table.<table>.<its path, "." between tokens>. Those no response says are marked `answer`
// and kept out of kPrinted (the engine puts each in its place by pointer, so the module holds no more
// English); Black Powder's result row, heading and paragraph (SAID_TOO) are also said by its result.
// Left as they are: codes and numbers (not wordy), identifiers (API values: ids, effects, option
// names, "handToHand") and keys that are API or the transcriber's apparatus (ANSWER_KEPT: ids,
// rulings, options, comments and notes on the transcription, not printed).
export const ANSWER_KEPT = new Set(['source', 'kind', 'id', 'code', 'resultCode', 'option', 'ruling', 'notesRuling', 'per', 'effect',
  'relativeTo', 'base', 'combatType', 'rowKeys', 'columnKeys', 'sides', 'effects', 'mark', 'grid', 'equals', 'dice',
  'modifierTables', 'natural', 'combatTypes', 'exclusiveGroup', 'rule', 'unit', 'of', 'timing', 'comparison', 'round',
  'rounding', 'test', 'tests', 'seeAlso', 'typo',
  // the transcriber's, in English like rules-notes.md: not printed on the chart
  'columnsComment', 'notesComment', 'cellFormat', 'comment', 'note', 'reason']);
const SAID_TOO = new Set(['heading', 'plain', 'rollLabel', 'combatTypeLabel']);
const identifier = (s) => /^[a-z][A-Za-z0-9]*$/.test(s) || /^[A-Z]\d\d_/.test(s);
export function tableAnswerTexts(rulesetId, tables, known = new Set()) {
  const out = [];
  const walk = (v, tid, tokens) => {
    const key = tokens[tokens.length - 1];
    if (typeof key === 'string' && ANSWER_KEPT.has(key)) return;
    if (typeof v === 'string') {
      const pointer = `tables.json#/tables/${pointerToken(tid)}/${tokens.map(pointerToken).join('/')}`;
      if (known.has(pointer) || !wordy(v) || identifier(v)) return;
      // (Black Powder's result row, heading and paragraph are said by the break test's result too: kPrinted.)
      out.push({ id: `${rulesetId}.table.${tid}.${tokens.join('.')}`, pointer, english: v, answer: !SAID_TOO.has(key) });
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, tid, [...tokens, i]));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, tid, [...tokens, k]);
  };
  for (const [tid, t] of Object.entries(tables.tables)) walk(t, tid, []);
  return out;
}

// Every ruleset's texts: [{ruleset, id, pointer, english, answer?}].
export function allFormTexts(dir = rulesetsDir) {
  const out = [];
  for (const folder of readdirSync(dir).sort()) {
    if (!statSync(join(dir, folder)).isDirectory()) continue;
    const ruleset = JSON.parse(readFileSync(join(dir, folder, 'ruleset.json'), 'utf8'));
    const tables = JSON.parse(readFileSync(join(dir, folder, 'tables.json'), 'utf8'));
    const said = [...tableTitles(ruleset.id, tables), ...tablePrintedTexts(ruleset.id, tables)];
    const answer = tableAnswerTexts(ruleset.id, tables, new Set(said.map((t) => t.pointer)));
    for (const t of [...formTexts(ruleset), ...said, ...answer]) out.push({ ruleset: ruleset.id, ...t });
  }
  return out;
}

// The texts of `lang`'s catalog ("forms") checked against the English: each English text has one,
// and none is left over. Returns [{ruleset, pointer, text}] or throws naming what is wrong.
export function checkForms(texts, forms, lang) {
  const missing = texts.filter((t) => typeof forms[t.id] !== 'string' || !forms[t.id].trim());
  const known = new Set(texts.map((t) => t.id));
  const extra = Object.keys(forms).filter((id) => !known.has(id));
  const problems = [];
  if (missing.length) problems.push(`${missing.length} form texts have no ${lang} (first: ${missing.slice(0, 5).map((t) => t.id).join(', ')})`);
  if (extra.length) problems.push(`${lang}.json forms names texts no ruleset.json has: ${extra.slice(0, 5).join(', ')}`);
  const ids = new Set();
  for (const t of texts) if (ids.has(t.id)) problems.push(`two texts make the id ${t.id}`); else ids.add(t.id);
  if (problems.length) throw new Error(`forms: ${problems.join('; ')}`);
  return texts.map((t) => ({ ruleset: t.ruleset, pointer: t.pointer, text: forms[t.id] }));
}
