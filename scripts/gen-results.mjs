// Writes a ruleset folder's typed results, generated from its results.json (the shapes the engine
// answers, in the JSON Schema subset of ruleset.json): one C++ struct per procedure's result and per
// definition, an enum for every string enum, and the writer that puts a result into the response, its
// members in the schema's order. Procedures fill these structs and never write a member by its name,
// so a misspelt member or enum value fails to compile. Also the typed keys of each procedure's tallies
// (the dimensions exact odds count), declared in results.json's "tallies", which ruleset.json's
// headlines are checked against here: a headline naming an undeclared tally fails the build.
//
//   node scripts/gen-results.mjs <ruleset folder> <out dir>   ->  <out>/<folder>_results.{h,cpp}
//
// Run by cmake at configure time (cmake/EmbedRuleset.cmake), again whenever results.json or
// ruleset.json changes.
//
// Names: `<Procedure>Result` for a procedure's result (an alias when the schema is a $ref), the
// definition's name in PascalCase for a definition (breakTest: BreakTest); a nested object by its path
// (charge's attackers: ChargeAttackers; an item of an array by the singular: ChargeAttackerState). An
// enum is named by "x-enum", else by its definition, else by its property; schemas with the same values
// share one enum. `<Procedure>Tally` holds the tally keys: ctx.tally(ChargeTally::outcome, v).
//
// Presence: a required member is always there; any other is a std::optional. A "number" is a double,
// written as an integer when whole (2, not 2.0: half-points, moves of 1.5). A member whose type
// admits null ("type": ["integer", "null"]) is a Nullable<T> (core/results.h), written as null when
// empty.
//
// Summaries (issue 25): a result whose "summary" property says "x-summary": true has no summary
// member; the writer calls summary(const Result&) (declared here, written by the ruleset beside its
// procedures), renders its sentences to the "summary" text and writes them, structured, as
// "messages": {"summary": [{id, params}, ...]} where the schema declares "messages".
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { kKeywords, pascal, singular, writeIfChanged } from './cxx-names.mjs';

const [folderPath, outDir] = process.argv.slice(2);
if (!folderPath || !outDir) {
  console.error('usage: node scripts/gen-results.mjs <ruleset folder> <out dir>');
  process.exit(2);
}
const folder = basename(folderPath);
const results = JSON.parse(readFileSync(join(folderPath, 'results.json'), 'utf8'));
const ruleset = JSON.parse(readFileSync(join(folderPath, 'ruleset.json'), 'utf8'));
const definitions = results.definitions ?? {};

const fail = (where, message) => {
  console.error(`gen-results: ${folder} ${where}: ${message}`);
  process.exit(1);
};
function identifier(name, where) {
  let id = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9_]/.test(id)) id = `v${id}`;
  if (kKeywords.has(id)) id += '_';
  if (!id) fail(where, `"${name}" gives no identifier`);
  return id;
}

// --- enums ---------------------------------------------------------------------------------------------
const enums = new Map();  // JSON of the values -> { name, values, annotated, qualified, ids }
function enumType(schema, name, qualified, where, annotated = false) {
  if (!schema.enum.every((v) => typeof v === 'string')) fail(where, 'an enum of other than strings');
  const key = JSON.stringify(schema.enum);
  const named = schema['x-enum'] ?? (annotated ? name : undefined);
  let e = enums.get(key);
  if (!e) {
    e = { name: named ?? name, values: schema.enum, annotated: Boolean(named), qualified };
    enums.set(key, e);
  } else if (named && e.annotated && e.name !== named) {
    fail(where, `enum "${named}" has the values already named "${e.name}"`);
  } else if (named && !e.annotated) {
    e.name = named;
    e.annotated = true;
  }
  return e;
}

// --- structs -------------------------------------------------------------------------------------------
const structs = [];  // in declaration order: { name, members, summary, messagesAt } | { name, alias }
const defTypes = new Map();  // definition name -> member type (without key)

function nullableOf(schema) {
  if (!Array.isArray(schema.type)) return null;
  const others = schema.type.filter((t) => t !== 'null');
  if (others.length !== 1 || others.length === schema.type.length) fail(JSON.stringify(schema.type), 'a type list is one type and "null"');
  return { ...schema, type: others[0] };
}

// The type of a value of `schema` (no presence): { kind, enum | struct | item | inner, cxx }.
function valueType(schema, path, where) {
  if (schema.$ref) return definitionType(schema.$ref.replace('#/definitions/', ''), where);
  const inner = nullableOf(schema);
  if (inner) {
    const t = valueType(inner, path, where);
    return { kind: 'nullable', inner: t, cxx: `Nullable<${t.cxx}>` };
  }
  if (schema.enum) {
    const e = enumType(schema, path[path.length - 1], pascal(path.join('-')), where);
    return { kind: 'enum', enum: e, get cxx() { return e.name; } };
  }
  switch (schema.type) {
    case 'integer': return { kind: 'int', cxx: 'int' };
    case 'number': return { kind: 'number', cxx: 'double' };
    case 'boolean': return { kind: 'bool', cxx: 'bool' };
    case 'string': return { kind: 'string', cxx: 'std::string' };
    case 'object': {
      const s = struct(schema, path, where);
      return { kind: 'struct', struct: s, cxx: s.name };
    }
    case 'array': {
      if (!schema.items) fail(where, 'an array without items');
      const last = path[path.length - 1];
      const item = valueType(schema.items, path.slice(0, -1).concat(pascal(singular(last[0].toLowerCase() + last.slice(1)))), `${where}[]`);
      return { kind: 'array', item, get cxx() { return `std::vector<${item.cxx}>`; } };
    }
    default: return fail(where, `type ${JSON.stringify(schema.type)} is not one this generator reads`);
  }
}

function definitionType(name, where) {
  if (defTypes.has(name)) return defTypes.get(name);
  const d = definitions[name];
  if (!d) fail(where, `no definition "${name}"`);
  let t;
  if (d.enum) {
    const e = enumType(d, pascal(name), pascal(name), `#/definitions/${name}`, true);
    t = { kind: 'enum', enum: e, get cxx() { return e.name; } };
  } else {
    t = valueType(d, [pascal(name)], `#/definitions/${name}`);
  }
  defTypes.set(name, t);
  return t;
}

// The procedures' result names, which a nested object's name by path could take (fire's "result"
// member would be FireResult): such a one is <name>Detail.
const reserved = new Set(Object.keys(results.procedures ?? {}).map((p) => `${pascal(p)}Result`));
function struct(schema, path, where, name) {
  if (!name) name = reserved.has(pascal(path.join('-'))) ? `${pascal(path.join('-'))}Detail` : pascal(path.join('-'));
  for (const k of ['oneOf', 'anyOf', 'allOf', 'if', 'patternProperties'])
    if (k in schema) fail(where, `"${k}" is not read by this generator`);
  const required = new Set(schema.required ?? []);
  const props = Object.entries(schema.properties ?? {});
  const summary = props.some(([k, p]) => k === 'summary' && p['x-summary'] === true);
  if (summary && !required.has('summary')) fail(where, 'a derived summary is required');
  // Members that are a catalog message ("x-message": true): the text where the member is, and
  // {id, params} under "messages", beside the summary's sentences.
  const said = props.filter(([, p]) => p['x-message'] === true).map(([k]) => k);
  const members = [];
  for (const [key, p] of props) {
    if (summary && key === 'summary') {
      members.push({ key, derived: 'summary' });
      continue;
    }
    if ((summary || said.length) && key === 'messages') {
      const want = [...(summary ? ['summary'] : []), ...said];
      if (JSON.stringify(Object.keys(p.properties ?? {})) !== JSON.stringify(want) || !required.has('messages'))
        fail(`${where}/messages`, `"messages" is required, with the members ${want.join(', ')} in this order`);
      if (summary && p.properties.summary.type !== 'array') fail(`${where}/messages/summary`, 'a list of sentences');
      members.push({ key, derived: 'messages', said });
      continue;
    }
    if (p['x-message'] === true) {
      if (p.type !== 'string') fail(`${where}/${key}`, 'a message is a string');
      if (!props.some(([k]) => k === 'messages')) fail(where, `"${key}" is a message, but no "messages" is declared`);
      members.push({ key, id: identifier(key, `${where}/${key}`), type: { kind: 'message', cxx: 'std::optional<Message>' }, optional: !required.has(key), description: p.description });
      continue;
    }
    const type = valueType(p, path.concat(pascal(key)), `${where}/${key}`);
    members.push({ key, id: identifier(key, `${where}/${key}`), type, optional: !required.has(key), description: p.description });
  }
  for (const k of required) if (!schema.properties?.[k]) fail(where, `"${k}" is required but not declared`);
  const s = { name, members, summary };
  structs.push(s);
  return s;
}

// A sentence ("x-sentence": {id, params}) is the catalog's Message, not a struct of its own.
for (const [name, d] of Object.entries(definitions)) if (!d['x-sentence']) definitionType(name, `#/definitions/${name}`);
const procedures = Object.entries(results.procedures ?? {}).map(([name, schema]) => {
  const resultName = `${pascal(name)}Result`;
  if (schema.$ref) {
    const t = definitionType(schema.$ref.replace('#/definitions/', ''), `/procedures/${name}`);
    if (t.kind !== 'struct') fail(`/procedures/${name}`, 'a result is an object');
    structs.push({ name: resultName, alias: t.struct.name });
    return { name, type: resultName, struct: t.struct };
  }
  if (schema.type !== 'object') fail(`/procedures/${name}`, 'a result is an object');
  const s = struct(schema, [pascal(name)], `/procedures/${name}`, resultName);
  return { name, type: resultName, struct: s };
});
for (const p of Object.keys(ruleset.procedures ?? {}))
  if (!results.procedures?.[p]) fail(`/procedures/${p}`, 'ruleset.json has this procedure; results.json does not declare its result');

// --- tallies -------------------------------------------------------------------------------------------
// results.json "tallies": {procedure: {tally: schema}}, each tally a boolean, an integer, a number, a
// string enum or a free string. ruleset.json's headlines name tallies: each must be declared, its test
// fitting its type. A ruleset without "tallies" is not checked (not converted yet).
const tallies = [];
if (results.tallies) {
  for (const [proc, decl] of Object.entries(results.tallies)) {
    if (!results.procedures?.[proc]) fail(`/tallies/${proc}`, 'not a procedure');
    const keys = Object.entries(decl).map(([key, schema]) => {
      const where = `/tallies/${proc}/${key}`;
      let type;
      if (schema.enum) type = { kind: 'enum', enum: enumType(schema, pascal(key), pascal(`${proc}-${key}`), where), get cxx() { return this.enum.name; } };
      // A number or a word ("prohibited"): a free value, as TallyText (types: ["integer", "string"]).
      else if (Array.isArray(schema.type) && schema.type.includes('string') && schema.type.every((t) => ['integer', 'number', 'string'].includes(t)))
        type = { kind: 'mixed', cxx: 'TallyText' };
      else type = { kind: schema.type, cxx: { boolean: 'bool', integer: 'int', number: 'double', string: 'TallyText' }[schema.type] };
      if (!type.cxx) fail(where, `a tally is a boolean, an integer, a number, a string or a number or string, not ${JSON.stringify(schema.type)}`);
      return { key, id: identifier(key, where), type, schema };
    });
    tallies.push({ proc, name: `${pascal(proc)}Tally`, keys });
  }
  const fitsType = (type, v) => ({
    boolean: typeof v === 'boolean', integer: Number.isInteger(v), number: typeof v === 'number', string: typeof v === 'string',
  }[type]);
  const fits = (schema, v) => (schema.enum ? schema.enum.includes(v) : [schema.type].flat().some((t) => fitsType(t, v)));
  for (const [proc, p] of Object.entries(ruleset.procedures ?? {})) {
    const declared = results.tallies[proc];
    if (!declared) fail(`/tallies`, `procedure ${proc} declares no tallies`);
    for (const [i, h] of (p.headline ?? []).entries()) {
      const where = `ruleset.json /procedures/${proc}/headline/${i}`;
      const t = declared[h.tally];
      if (!t) fail(where, `tally "${h.tally}" is not one ${proc} declares (${Object.keys(declared).join(', ')})`);
      if ('atLeast' in h && t.type !== 'integer') fail(where, `atLeast on "${h.tally}", which is not an integer`);
      if ('equals' in h && !fits(t, h.equals)) fail(where, `"${h.tally}" is never ${JSON.stringify(h.equals)}`);
      for (const v of h.in ?? []) if (!fits(t, v)) fail(where, `"${h.tally}" is never ${JSON.stringify(v)}`);
    }
  }
}

// --- names ---------------------------------------------------------------------------------------------
const byName = new Map();
for (const e of enums.values()) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
for (const group of byName.values()) if (group.length > 1) for (const e of group) if (!e.annotated) e.name = e.qualified;
const typeNames = new Map();
for (const e of enums.values()) {
  if (typeNames.has(e.name)) fail(`enum ${e.name}`, 'two lists of values take this name (name one with "x-enum")');
  typeNames.set(e.name, 'enum');
  e.ids = e.values.map((v) => identifier(v, `enum ${e.name}`));
  if (new Set(e.ids).size !== e.ids.length) fail(`enum ${e.name}`, 'two values give the same identifier');
}
for (const s of structs) {
  if (typeNames.has(s.name)) fail(s.name, `two types take this name (${typeNames.get(s.name)} and a struct)`);
  typeNames.set(s.name, 'struct');
}
for (const t of tallies) if (typeNames.has(t.name)) fail(t.name, 'a type takes the name of the tally keys');

// --- C++ -----------------------------------------------------------------------------------------------
const ns = `grapeshot::results::${identifier(folder, 'folder')}`;
const h = [`// Generated from src/rulesets/${folder}/results.json by scripts/gen-results.mjs. Do not edit.
// The typed result of each procedure, its writer, and the typed keys of its tallies.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/results.h"

namespace ${ns} {
`];
for (const e of enums.values()) {
  h.push(`enum class ${e.name} : std::uint8_t { ${e.ids.join(', ')} };`);
  h.push(`inline constexpr EnumNames<${e.values.length}> k${e.name}Names{${e.values.map((v) => JSON.stringify(v)).join(', ')}};`);
  h.push(`inline const char* name(${e.name} v) { return k${e.name}Names[static_cast<std::size_t>(v)]; }`);
  h.push(`constexpr const EnumNames<${e.values.length}>& enumNames(${e.name}) { return k${e.name}Names; }`);
  // A tallied value: the name, a view of the static list (compared as text, never copied).
  h.push(`inline TraceValue tallyValue(${e.name} v) { return TraceValue::fromData(name(v)); }\n`);
}
for (const s of structs) {
  if (s.alias) {
    h.push(`using ${s.name} = ${s.alias};\n`);
    continue;
  }
  h.push(`struct ${s.name} {`);
  for (const m of s.members) {
    if (m.derived) continue;
    const t = m.optional && m.type.kind !== 'message' ? `std::optional<${m.type.cxx}>` : m.type.cxx;
    const init = m.optional ? '' : m.type.kind === 'enum' ? '{}' : m.type.kind === 'bool' ? ' = false' : ['int', 'number'].includes(m.type.kind) ? ' = 0' : '';
    h.push(`  ${t} ${m.id}${init};${m.description ? `  // ${m.description.replace(/\s+/g, ' ')}` : ''}`);
  }
  h.push('};');
  if (s.summary) h.push(`// Its summary, from its members, in the catalog's sentences (written by the ruleset).\nSummary summary(const ${s.name}& r);`);
  h.push(`void write(JsonWriter& w, const ${s.name}& r);\n`);
}
for (const t of tallies) {
  h.push(`// The tallies of ${t.proc} (what exact odds count): ctx.tally(${t.name}::key, value).`);
  h.push(`struct ${t.name} {`);
  for (const k of t.keys) h.push(`  static constexpr TallyKey<${k.type.cxx}> ${k.id}{${JSON.stringify(k.key)}};`);
  h.push('};\n');
}
h.push(`// Each procedure's result by its name in ruleset.json.
${procedures.map((p) => `// ${p.name}: ${p.type}`).join('\n')}

}  // namespace ${ns}
`);

function writeValue(t, x, indent) {
  switch (t.kind) {
    case 'int': case 'bool': case 'string': return `${indent}w.value(${x});`;
    case 'number': return `${indent}writeNumber(w, ${x});`;
    case 'enum': return `${indent}w.value(name(${x}));`;
    case 'struct': return `${indent}write(w, ${x});`;
    case 'nullable': return `${indent}if (${x}) {\n${writeValue(t.inner, `*${x}`, `${indent}  `)}\n${indent}} else {\n${indent}  w.raw("null");\n${indent}}`;
    case 'array': return `${indent}w.array();\n${indent}for (const auto& item : ${x}) {\n${writeValue(t.item, 'item', `${indent}  `)}\n${indent}}\n${indent}w.endArray();`;
    default: return fail(x, `no writer for ${t.kind}`);
  }
}
const c = [`// Generated from src/rulesets/${folder}/results.json by scripts/gen-results.mjs. Do not edit.
#include "${folder}_results.h"

namespace ${ns} {
`];
// A member's name as the writer appends it, after its comma, quoted and with its colon
// (JsonWriter::commaKey): names are identifiers, so the JSON text is also the C++ literal's.
const quoted = (k) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k)) fail(k, 'a member name is an identifier');
  return JSON.stringify(`,${JSON.stringify(k)}:`);
};
// A member whose value is a number, a flag, a text or an enum's name: name and value in one append
// (JsonWriter::intMember and the others); anything else, its name, then its value.
function writeMember(t, key, x, indent) {
  switch (t.kind) {
    case 'int': return `${indent}w.intMember(${key}, ${x});`;
    case 'bool': return `${indent}w.boolMember(${key}, ${x});`;
    case 'string': return `${indent}w.textMember(${key}, ${x});`;
    case 'enum': return `${indent}w.textMember(${key}, name(${x}));`;
    default: return `${indent}w.commaKey(${key});\n${writeValue(t, x, indent)}`;
  }
}
for (const s of structs) {
  if (s.alias) continue;
  c.push(`void write(JsonWriter& w, const ${s.name}& r) {`);
  if (s.summary) c.push('  const Summary said = summary(r);');
  c.push('  w.object();');
  for (const m of s.members) {
    const key = quoted(m.key);
    if (m.derived === 'summary') c.push('  writeSummaryText(w, said);');
    else if (m.derived === 'messages') {
      c.push(`  w.commaKey(${quoted('messages')}).object();`);
      if (s.summary) c.push('  writeSentences(w, said);');
      for (const k of m.said) {
        const id = s.members.find((x) => x.key === k).id;
        const opt = s.members.find((x) => x.key === k).optional;
        c.push(`  ${opt ? `if (r.${id}) ` : ''}writeStructured(w.commaKey(${quoted(k)}), r.${id}.value());`);
      }
      c.push('  w.endObject();');
    }
    else if (m.type.kind === 'message') c.push(`  ${m.optional ? `if (r.${m.id}) ` : ''}writeText(w.commaKey(${key}), r.${m.id}.value());`);
    else if (m.optional) c.push(`  if (r.${m.id}) {\n${writeMember(m.type, key, `(*r.${m.id})`, '    ')}\n  }`);
    else c.push(writeMember(m.type, key, `r.${m.id}`, '  '));
  }
  if (!s.members.length) c.push('  (void)r;');
  c.push('  w.endObject();\n}\n');
}
c.push(`}  // namespace ${ns}\n`);

writeIfChanged(outDir, `${folder}_results.h`, h.join('\n'));
writeIfChanged(outDir, `${folder}_results.cpp`, c.join('\n'));
