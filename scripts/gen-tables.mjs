// Writes a ruleset folder's printed tables as typed C++ constants (core/printed.h), from its
// tables.json — the exact transcription, which stays the source: a struct for every shape found in
// the data and one constexpr value per table, so procedures read `printed::terrain.rows[i].protection`
// instead of parsing JSON at run time, and a misspelt table or field fails to compile.
//
//   node scripts/gen-tables.mjs <ruleset folder> <out dir>
//     ->  <out>/<folder>_printed.h        the structs and the constants
//         <out>/<folder>_printed_json.h   toJson() for each struct (the tests hold the constants equal
//                                          to tables.json through it; not part of the engine)
//
// Run by cmake at configure time (cmake/EmbedRuleset.cmake), again whenever tables.json changes. Every
// option the data names (an errata patch's "option" and "equals") is checked against ruleset.json's
// options: a misspelt option or a value it cannot take fails the build.
//
// Types, inferred from every value found at one place in the data (all the rows of a chart, say):
//   integers -> int; any non-integer number there -> double; strings -> Text; true/false -> bool;
//   arrays -> List<T> of the items' type; objects -> a struct named by its path (the movementCosts
//   table's rows: MovementCostsRow), with a field for every key found there — a key some objects lack
//   is std::optional, so is one that is sometimes null;
//   an object with a key that is no identifier, or listed in kMaps below, -> Map<T> (its keys are
//   data: a stack's composition by unit type);
//   several kinds at one place (a grid's cells: codes, numbers and blanks) -> Value, which holds any.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { kKeywords, pascal, singular, writeIfChanged } from './cxx-names.mjs';

const [folderPath, outDir] = process.argv.slice(2);
if (!folderPath || !outDir) {
  console.error('usage: node scripts/gen-tables.mjs <ruleset folder> <out dir>');
  process.exit(2);
}
const folder = basename(folderPath);
const tables = JSON.parse(readFileSync(join(folderPath, 'tables.json'), 'utf8')).tables;
const options = JSON.parse(readFileSync(join(folderPath, 'ruleset.json'), 'utf8')).options ?? {};

// Objects whose keys are data although they read as identifiers, by the path of the table's fields
// ("[]" an array's items). Keyed by folder.
const kMaps = {
  battles_of_waterloo: ['stacking.rows[].composition', 'fire.columnHeaders', 'fire.scales', 'movementCosts.notes',
    'shockMorale.patches[].entries[].values'],
  black_powder: ['breakTestModifiers.exclusiveGroups'],
};

const fail = (where, message) => {
  console.error(`gen-tables: ${folder} ${where}: ${message}`);
  process.exit(1);
};
const isIdentifier = (k) => /^[A-Za-z][A-Za-z0-9_]*$/.test(k) && !/__/.test(k);
const fieldName = (k) => (kKeywords.has(k) ? `${k}_` : k);

// --- inference ---------------------------------------------------------------------------------------
// A type: { k: 'never' | 'null' | 'bool' | 'int' | 'double' | 'text' | 'value' }
//         { k: 'list', of }   { k: 'map', of }
//         { k: 'struct', path, fields: Map(key -> { t, absent, nullable }) }   (absent: some objects lack it)
const mapsFound = new Set();  // the kMaps paths met in the data (one met nowhere is stale: refused)
function infer(v, path) {
  if (v === null) return { k: 'null' };
  if (typeof v === 'boolean') return { k: 'bool' };
  if (typeof v === 'number') return { k: Number.isInteger(v) && Math.abs(v) < 2 ** 31 ? 'int' : 'double' };
  if (typeof v === 'string') return { k: 'text' };
  if (Array.isArray(v)) return { k: 'list', of: v.reduce((t, x) => unify(t, infer(x, `${path}[]`), `${path}[]`), { k: 'never' }) };
  const keys = Object.keys(v);
  if ((kMaps[folder] ?? []).includes(path)) mapsFound.add(path);
  if (keys.some((key) => !isIdentifier(key)) || (kMaps[folder] ?? []).includes(path))
    return { k: 'map', of: keys.reduce((t, key) => unify(t, infer(v[key], `${path}.*`), `${path}.*`), { k: 'never' }) };
  const fields = new Map();
  for (const key of keys) {
    const t = infer(v[key], `${path}.${key}`);
    fields.set(key, { t: t.k === 'null' ? { k: 'never' } : t, absent: false, nullable: t.k === 'null' });
  }
  return { k: 'struct', path, fields };
}

function unify(a, b, path) {
  if (a.k === 'never') return b;
  if (b.k === 'never') return a;
  if (a.k === b.k && ['null', 'bool', 'int', 'double', 'text', 'value'].includes(a.k)) return a;
  if ((a.k === 'int' && b.k === 'double') || (a.k === 'double' && b.k === 'int')) return { k: 'double' };
  if (a.k === 'list' && b.k === 'list') return { k: 'list', of: unify(a.of, b.of, `${path}[]`) };
  if (a.k === 'map' && b.k === 'map') return { k: 'map', of: unify(a.of, b.of, `${path}.*`) };
  if (a.k === 'struct' && b.k === 'struct') {
    const fields = new Map();
    for (const [key, fa] of a.fields) {
      const fb = b.fields.get(key);
      fields.set(key, fb ? { t: unify(fa.t, fb.t, `${path}.${key}`), absent: fa.absent || fb.absent, nullable: fa.nullable || fb.nullable }
        : { ...fa, absent: true });
    }
    for (const [key, fb] of b.fields) if (!a.fields.has(key)) fields.set(key, { ...fb, absent: true });
    return { k: 'struct', path, fields };
  }
  return { k: 'value' };  // several kinds at one place
}

// Nulls inside lists and maps (a blank cell among codes) make the items Values. A field that some
// objects lack and others leave null would read the same either way: refused (transcribe it one way).
function settle(t, path) {
  if (t.k === 'list' || t.k === 'map') {
    const of = settle(t.of, `${path}${t.k === 'list' ? '[]' : '.*'}`);
    return { ...t, of: of.k === 'null' || of.k === 'never' ? { k: 'value' } : of };
  }
  if (t.k === 'struct')
    for (const [key, f] of t.fields) {
      f.t = settle(f.t, `${path}.${key}`);
      if (f.t.k === 'never') f.t = { k: 'value' }, f.nullable = false;  // always null: a Value (null)
      if (f.absent && f.nullable && f.t.k !== 'value') fail(`${path}.${key}`, 'absent from some objects and null in others');
    }
  return t;
}

// --- the options the data names ---------------------------------------------------------------------
// An errata patch (or any rule of the data) names the ruleset option that switches it on, and the
// value it takes: a misspelt option, or a value the option cannot take, fails the build.
function checkOptions(v, path) {
  if (Array.isArray(v)) return v.forEach((x, i) => checkOptions(x, `${path}[${i}]`));
  if (!v || typeof v !== 'object') return;
  if (typeof v.option === 'string') {
    const o = options[v.option];
    if (!o) fail(path, `names option ${v.option}, which ruleset.json does not declare`);
    if ('equals' in v) {
      const ok = o.enum ? o.enum.includes(v.equals)
        : o.type === 'boolean' ? typeof v.equals === 'boolean'
        : o.type === 'integer' ? Number.isInteger(v.equals)
        : o.type === 'number' ? typeof v.equals === 'number' : true;
      if (!ok) fail(path, `option ${v.option} cannot equal ${JSON.stringify(v.equals)}`);
    }
  }
  for (const [k, x] of Object.entries(v)) checkOptions(x, `${path}.${k}`);
}
for (const [id, table] of Object.entries(tables)) checkOptions(table, id);

// A band patch moves both bounds of the band it names (an open end is a null, never an absent key).
for (const [id, table] of Object.entries(tables))
  (table.patches ?? []).forEach((p, i) => (p.bands ?? []).forEach((b, j) => {
    if (!('code' in b && 'min' in b && 'max' in b)) fail(`${id}.patches[${i}].bands[${j}]`, 'a band patch gives code, min and max');
  }));

// --- naming ------------------------------------------------------------------------------------------
const structs = [];  // in dependency order
const names = new Set();
function nameStructs(t, name) {
  if (t.k === 'list') return nameStructs(t.of, singularName(name));
  if (t.k === 'map') return nameStructs(t.of, `${name}Value`);
  if (t.k !== 'struct') return;
  for (const [key, f] of t.fields) nameStructs(f.t, name + pascal(key));
  if (names.has(name)) fail(t.path, `two shapes would be named ${name}`);
  names.add(name);
  t.name = name;
  structs.push(t);
}
function singularName(name) {
  const m = /^(.*?)([A-Z][a-z0-9]*)$/.exec(name);
  return m ? m[1] + pascal(singular(m[2].toLowerCase())) : `${name}Item`;
}

function cxxType(t) {
  switch (t.k) {
    case 'bool': return 'bool';
    case 'int': return 'int';
    case 'double': return 'double';
    case 'text': return 'Text';
    case 'value': return 'Value';
    case 'list': return `List<${cxxType(t.of)}>`;
    case 'map': return `Map<${cxxType(t.of)}>`;
    case 'struct': return t.name;
  }
  throw new Error(`no C++ type for ${t.k}`);
}
function fieldType(f) {
  if (f.t.k === 'value') return f.absent ? 'std::optional<Value>' : 'Value';
  return f.absent || f.nullable ? `std::optional<${cxxType(f.t)}>` : cxxType(f.t);
}

// --- values ------------------------------------------------------------------------------------------
function cxxString(s) {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (ch === '"' || ch === '\\') out += `\\${ch}`;
    else if (c < 0x20 || c === 0x7f) out += `\\${c.toString(8).padStart(3, '0')}`;
    else if (ch === '?') out += '\\?';  // no trigraphs
    else out += ch;
  }
  return `${out}"`;
}
function cxxDouble(d) {
  const s = String(d);
  return /[.eE]/.test(s) ? s : `${s}.0`;
}

const arrays = [];  // auxiliary constant arrays, emitted before the tables that point into them
let arrayCount = 0;
// A constant array of `items` (initialisers of `type`): [its name, its length] (null: empty).
function array(type, items) {
  if (!items.length) return [null, 0];
  const id = `k${arrayCount++}`;
  arrays.push(`inline constexpr ${type} ${id}[] = {${items.join(', ')}};`);
  return [id, items.length];
}
const listOf = (type, items) => {
  const [id, n] = array(type, items);
  return id ? `List<${type}>{${id}, ${n}}` : `List<${type}>{}`;
};

function valueOf(v) {
  if (v === null) return 'nullValue()';
  if (typeof v === 'boolean') return `flagValue(${v})`;
  if (typeof v === 'number') return Number.isInteger(v) ? `integerValue(${v})` : `numberValue(${cxxDouble(v)})`;
  if (typeof v === 'string') return `textValue(${cxxString(v)})`;
  if (Array.isArray(v)) {
    const [id, n] = array('Value', v.map(valueOf));
    return `listValue(${id ?? 'nullptr'}, ${n})`;
  }
  const keys = Object.keys(v);
  const [id, n] = array('Keyed<Value>', keys.map((key) => `{${cxxString(key)}, ${valueOf(v[key])}}`));
  return `objectValue(${id ?? 'nullptr'}, ${n})`;
}

function init(t, v) {
  switch (t.k) {
    case 'value': return valueOf(v);
    case 'bool': return String(v);
    case 'int': return String(v);
    case 'double': return cxxDouble(v);
    case 'text': return cxxString(v);
    case 'list': return listOf(cxxType(t.of), v.map((x) => init(t.of, x)));
    case 'map': return listOf(`Keyed<${cxxType(t.of)}>`, Object.keys(v).map((key) => `{${cxxString(key)}, ${init(t.of, v[key])}}`));
    case 'struct': {
      const parts = [];
      for (const [key, f] of t.fields) {
        const has = Object.prototype.hasOwnProperty.call(v, key);
        const type = fieldType(f);
        if (type === 'Value' || type === 'std::optional<Value>') parts.push(has ? valueOf(v[key]) : 'std::nullopt');
        else if (!has || v[key] === null) parts.push('std::nullopt');
        else parts.push(init(f.t, v[key]));
      }
      return `${t.name}{${parts.join(', ')}}`;
    }
  }
  throw new Error(`no initialiser for ${t.k}`);
}

// --- toJson (tests) ----------------------------------------------------------------------------------
function toJsonExpr(t, expr) {
  switch (t.k) {
    case 'value': return `toJson(${expr})`;
    case 'bool': case 'int': case 'double': return `Json(${expr})`;
    case 'text': return `Json(std::string(${expr}))`;
    case 'list': return `listJson(${expr}, [](const auto& x) { return ${toJsonExpr(t.of, 'x')}; })`;
    case 'map': return `mapJson(${expr}, [](const auto& x) { return ${toJsonExpr(t.of, 'x')}; })`;
    case 'struct': return `toJson(${expr})`;
  }
  throw new Error(`no toJson for ${t.k}`);
}

// --- output ------------------------------------------------------------------------------------------
const tableTypes = [];
for (const [id, table] of Object.entries(tables)) {
  const t = settle(infer(table, id), id);
  if (t.k !== 'struct') fail(id, 'a table is an object');
  nameStructs(t, `${pascal(id)}Table`);
  tableTypes.push([id, t]);
}
for (const path of kMaps[folder] ?? []) if (!mapsFound.has(path)) fail(path, 'kMaps names a path the data does not have');
const values = tableTypes.map(([id, t]) => `inline constexpr ${t.name} ${fieldName(id)} = ${init(t, tables[id])};`);

// The entries of the modifiers tables with an id, in the order cmake numbers their EntryIds
// (EmbedRuleset.cmake, gs_table_ids): tables by id (CMake's string(JSON) lists an object's members
// sorted), entries in printed order.
const entries = [];
for (const tid of Object.keys(tables).sort()) {
  const table = tables[tid];
  if (!Array.isArray(table.entries)) continue;
  for (const e of table.entries) {
    if (typeof e?.id !== 'string') continue;
    const hasValue = Number.isInteger(e.value);
    const factor = e.num !== undefined && e.den !== undefined;
    if (factor && !(Number.isInteger(e.num) && Number.isInteger(e.den))) fail(`${tid}.${e.id}`, 'num and den are integers');
    const keyed = Object.entries(e.values ?? {});
    if (keyed.some(([, v]) => !Number.isInteger(v))) fail(`${tid}.${e.id}`, 'values are integers');
    entries.push(`PrintedEntry{${cxxString(tid)}, ${cxxString(e.id)}, ${hasValue}, ${hasValue ? e.value : 0}, ` +
      `${factor ? e.num : 1}, ${factor ? e.den : 1}, ${cxxString(typeof e.label === 'string' ? e.label : '')}, ` +
      `${cxxString(typeof table.title === 'string' ? table.title : '')}, ` +
      `${listOf('Keyed<int>', keyed.map(([k, v]) => `{${cxxString(k)}, ${v}}`))}}`);
  }
}
// The grid tables (combat results tables read by column and modified roll) in the one shape the core's
// Grid reads, whatever each grid's own fields: sides (one unnamed, or a grid per side), the cells
// flat (side, row, column), the errata patches one per cell (core/printed.h, GridData).
const grids = [];
for (const [tid, table] of Object.entries(tables)) {
  if (table.kind !== 'grid') continue;
  const where = `grid ${tid}`;
  const { rows, columns, rowLabels, cells } = table;
  if (!rows.every((r, i) => Number.isInteger(r) && r === rows[0] + i)) fail(where, 'rows must be consecutive rolls');
  if (rowLabels.length !== rows.length) fail(where, 'a label per row');
  const sides = Array.isArray(cells) ? [''] : Object.keys(cells);
  const flat = [];
  for (const side of sides) {
    const grid = side ? cells[side] : cells;
    if (grid.length !== rows.length) fail(where, `row count${side ? ` (${side})` : ''}`);
    for (const row of grid) {
      if (row.length !== columns.length) fail(where, `column count${side ? ` (${side})` : ''}`);
      flat.push(...row.map(valueOf));
    }
  }
  const patches = [];
  for (const p of table.patches ?? [])
    for (const c of p.cells)
      patches.push(`GridPatch{${cxxString(p.option)}, ${valueOf(p.equals)}, ${cxxString(typeof p.grid === 'string' ? p.grid : '')}, ` +
        `${c.column}, ${c.roll}, ${valueOf(c.value)}, ${cxxString(p.ruling ?? '')}}`);
  grids.push(`GridData{${cxxString(tid)}, ${listOf('Text', columns.map(cxxString))}, ${rows[0]}, ` +
    `${listOf('Text', rowLabels.map(cxxString))}, ${listOf('Text', sides.map(cxxString))}, ${listOf('Value', flat)}, ` +
    `${listOf('GridPatch', patches)}}`);
}

const gridList = listOf('GridData', grids);
// Each table's id, kind and title, in file order: what the description of the rulesets lists.
const heads = listOf('TableHead', Object.entries(tables).map(([tid, t]) =>
  `TableHead{${cxxString(tid)}, ${cxxString(typeof t.kind === 'string' ? t.kind : '')}, ${cxxString(typeof t.title === 'string' ? t.title : tid)}}`));
const entryArray = entries.length
  ? `inline constexpr PrintedEntry kPrintedEntries[] = {\n  ${entries.join(',\n  ')}};`
  : 'inline constexpr const PrintedEntry* kPrintedEntries = nullptr;';

const ns = `grapeshot::printed::${folder}`;
const header = `// Generated from src/rulesets/${folder}/tables.json by scripts/gen-tables.mjs. Do not edit.
// The printed tables as typed constants (core/printed.h).
#pragma once
#include <optional>

#include "core/printed.h"

namespace ${ns} {
using namespace ::grapeshot::printed;

${structs.map((s) => `struct ${s.name} {\n${[...s.fields].map(([key, f]) => `  ${fieldType(f)} ${fieldName(key)};`).join('\n')}\n};`).join('\n')}

namespace detail {
${arrays.join('\n')}
}  // namespace detail
using namespace detail;

${values.join('\n')}

// Every entry with an id of the modifiers tables, indexed by its EntryId's index (<folder>_tables.h).
${entryArray}
inline constexpr int kPrintedEntryCount = ${entries.length};

// Its tables' ids, kinds and titles, in file order.
inline constexpr List<TableHead> kTableHeads = ${heads};

// Its grid tables, as the core's Grid reads them.
inline constexpr List<GridData> kGrids = ${gridList};

inline constexpr PrintedTables kPrintedTables{kPrintedEntries, kPrintedEntryCount, kGrids, kTableHeads};

}  // namespace ${ns}
`;

const json = `// Generated from src/rulesets/${folder}/tables.json by scripts/gen-tables.mjs. Do not edit.
// The printed constants of ${folder}_printed.h back as JSON, for the tests that hold them equal to tables.json.
#pragma once
#include <string>

#include "${folder}_printed.h"
#include "core/printed_json.h"

namespace ${ns} {
${structs.map((s) => `inline Json toJson(const ${s.name}& v);`).join('\n')}
${structs.map((s) => `inline Json toJson(const ${s.name}& v) {
  Json out = Json::object();
${[...s.fields].map(([key, f]) => {
    const member = `v.${fieldName(key)}`;
    const type = fieldType(f);
    if (type === 'std::optional<Value>') return `  if (${member}) out[${cxxString(key)}] = toJson(*${member});`;
    if (type.startsWith('std::optional'))
      return f.absent ? `  if (${member}) out[${cxxString(key)}] = ${toJsonExpr(f.t, `*${member}`)};`
        : `  out[${cxxString(key)}] = ${member} ? ${toJsonExpr(f.t, `*${member}`)} : Json();`;
    return `  out[${cxxString(key)}] = ${toJsonExpr(f.t, member)};`;
  }).join('\n')}
  return out;
}`).join('\n')}

// Every table by id, as JSON.
inline Json allTablesJson() {
  Json out = Json::object();
${tableTypes.map(([id]) => `  out[${cxxString(id)}] = toJson(${fieldName(id)});`).join('\n')}
  return out;
}
}  // namespace ${ns}
`;

const write = (name, text) => writeIfChanged(outDir, name, text);
write(`${folder}_printed.h`, header);
write(`${folder}_printed_json.h`, json);
