// Writes a ruleset folder's typed inputs, generated from the JSON Schemas in its ruleset.json: one
// C++ struct per procedure's inputs (and one for the options), with an enum for every enum of the
// schema, and the functions that fill them from a validated request (core/typed.h). Procedures read
// these structs, never the request's JSON, so a renamed field or enum value fails to compile.
//
//   node scripts/gen-inputs.mjs <ruleset folder> <out dir>   ->  <out>/<folder>_inputs.{h,cpp}
//
// Run by cmake at configure time (cmake/EmbedRuleset.cmake), again whenever ruleset.json changes.
//
// Names: `<Procedure>Inputs` for a procedure's inputs, `Options` for the options; a nested object is
// named by its path (shock's attacker: ShockAttacker; an item of its units: ShockAttackerUnit), and
// an object of the same shape as one already named is an alias of it. An enum is named by its
// "x-enum" annotation, else by its property (nationality: Nationality); schemas with the same values
// share one enum, and two different lists of values may not take the same name. Each enum E comes
// with kENames (its values as the schema spells them) and name(E); and kELabels ("x-enumLabels", as
// the forms show them) where every place declaring the list gives the same labels.
//
// Presence, as validation leaves it (core/schema.cpp): a property with a default, a required one and
// an object without "required" of its own (a group, filled when absent) are always there; any other
// is a std::optional.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

import { kKeywords, pascal, singular, writeIfChanged } from './cxx-names.mjs';
import { formTexts } from './forms.mjs';

const [folderPath, outDir] = process.argv.slice(2);
if (!folderPath || !outDir) {
  console.error('usage: node scripts/gen-inputs.mjs <ruleset folder> <out dir>');
  process.exit(2);
}
const folder = basename(folderPath);
const ruleset = JSON.parse(readFileSync(join(folderPath, 'ruleset.json'), 'utf8'));
// The French of each enum label (src/messages/fr.json "forms", scripts/forms.mjs; issue 28): kXLabelsFr,
// for the summaries that name a choice as the form shows it.
const frenchCatalog = join(folderPath, '../../messages/fr.json');
const frenchForms = existsSync(frenchCatalog) ? JSON.parse(readFileSync(frenchCatalog, 'utf8')).forms ?? {} : {};  // none: English
const frenchLabel = new Map(formTexts(ruleset).filter((t) => frenchForms[t.id]).map((t) => [t.english, frenchForms[t.id]]));

const fail = (where, message) => {
  console.error(`gen-inputs: ${folder} ${where}: ${message}`);
  process.exit(1);
};
function identifier(name, where) {
  let id = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (/^[0-9_]/.test(id)) id = `v${id}`;  // never _Capital or __ (reserved)
  if (kKeywords.has(id)) id += '_';
  if (!id) fail(where, `"${name}" gives no identifier`);
  return id;
}

// Enums: one per distinct list of values.
const enums = new Map();  // JSON of the values -> { name, values, annotated, qualified, ids }
function enumType(schema, prop, path, where) {
  const key = JSON.stringify(schema.enum);
  if (!schema.enum.every((v) => typeof v === 'string')) fail(where, 'an enum of other than strings');
  const named = schema['x-enum'];
  let e = enums.get(key);
  if (!e) {
    e = { name: named ?? pascal(prop), values: schema.enum, annotated: Boolean(named), qualified: pascal(path.join('-')) };
    enums.set(key, e);
  } else if (named && e.annotated && e.name !== named) {
    fail(where, `x-enum "${named}" names values already named "${e.name}"`);
  } else if (named && !e.annotated) {
    e.name = named;
    e.annotated = true;
  }
  // Its labels ("x-enumLabels", what forms show), when every place that declares the list gives the
  // same ones: kXLabels beside kXNames.
  const labels = schema['x-enumLabels'];
  if (labels) {
    if (labels.length !== schema.enum.length || !labels.every((l) => typeof l === 'string'))
      fail(where, 'x-enumLabels gives one text per value');
    if (e.labels === undefined) e.labels = labels;
    else if (e.labels && JSON.stringify(e.labels) !== JSON.stringify(labels)) e.labels = null;  // places disagree: none
  }
  return e;
}

// Structs, in the order they must be declared (members before the structs holding them).
const structs = [];  // { name, members: [{ key, id, kind, optional, init, title, enum | struct | item }] } or { name, alias }
const bySignature = new Map();

function member(key, schema, present, structPath, where) {
  const id = identifier(key, where);
  const d = schema.default;
  if (schema.enum) {
    const e = enumType(schema, key, structPath, where);
    return { key, id, kind: 'enum', enum: e, optional: !present, init: d === undefined ? undefined : { enumValue: d } };
  }
  const init = typeof d === 'number' || typeof d === 'boolean' ? String(d) : undefined;
  switch (schema.type) {
    case 'integer': {
      const big = (schema.minimum ?? -(2 ** 31)) < -(2 ** 31) || (schema.maximum ?? 2 ** 31 - 1) > 2 ** 31 - 1;
      if (schema.minimum === undefined || schema.maximum === undefined) fail(where, 'an integer without bounds');
      return { key, id, kind: big ? 'int64' : 'int', optional: !present, init };
    }
    case 'number': return { key, id, kind: 'number', optional: !present, init };
    case 'boolean': return { key, id, kind: 'bool', optional: !present, init };
    case 'string': return { key, id, kind: 'string', optional: !present };
    case 'object': {
      const name = pascal(structPath.join('-'));
      return { key, id, kind: 'struct', struct: struct(schema, structPath, where, name), name, optional: !present };
    }
    case 'array': {
      if (!schema.items) fail(where, 'an array without items');
      const item = member(singular(key), schema.items, true, structPath.slice(0, -1).concat(singular(key)), `${where}/*`);
      return { key, id, kind: 'array', item, optional: !present };
    }
    default: fail(where, `type ${JSON.stringify(schema.type)} is not one this generator reads`);
  }
}

// `canonical`: an aliased struct by the name it was first declared under (shapes compare by it).
function cppType(m, canonical = false) {
  if (canonical && m.kind === 'enum') return `enum${JSON.stringify(m.enum.values)}${m.optional ? '?' : ''}`;
  const base = {
    int: () => 'int', int64: () => 'long long', number: () => 'double', bool: () => 'bool',
    string: () => 'std::string', enum: () => m.enum.name, struct: () => (canonical ? m.struct.name : m.name),
    array: () => `std::vector<${cppType({ ...m.item, optional: false }, canonical)}>`,
  }[m.kind]();
  return m.optional ? `std::optional<${base}>` : base;
}

function struct(schema, path, where, name = pascal(path.join('-')), shareable = true) {
  if (schema.type !== 'object') fail(where, 'not an object');
  for (const k of ['oneOf', 'anyOf', 'allOf', 'if', '$ref', 'patternProperties'])
    if (k in schema) fail(where, `"${k}" is not read by this generator`);
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(([key, p]) => {
    const group = p.type === 'object' && !('required' in p);
    const present = 'default' in p || required.has(key) || group;
    return { ...member(key, p, present, path.concat(pascal(key)), `${where}/${key}`), title: p.title };
  });
  // Shapes compare by keys, types, enums' values and presence: an enum's name may still change (below).
  const signature = JSON.stringify(members.map((m) => [m.key, cppType(m, true), m.init ?? null]));
  const seen = shareable ? bySignature.get(signature) : null;
  if (seen) {
    structs.push({ name, alias: seen.name });
    return seen;
  }
  const s = { name, members };
  if (shareable) bySignature.set(signature, s);
  structs.push(s);
  return s;
}

struct({ type: 'object', properties: ruleset.options ?? {} }, ['Options'], '/options', 'Options', false);
const procedures = Object.entries(ruleset.procedures ?? {}).map(([name, p]) => {
  if (!p.inputs) fail(`/procedures/${name}`, 'no "inputs" schema');
  return { name, struct: struct(p.inputs, [pascal(name)], `/procedures/${name}/inputs`, `${pascal(name)}Inputs`) };
});

// Enum names must be unique, and each value an identifier. Lists that would take the same name
// from their properties are named by where each is first declared instead (ShockAttackerUnitHexside).
const byName = new Map();
for (const e of enums.values()) byName.set(e.name, [...(byName.get(e.name) ?? []), e]);
for (const group of byName.values())
  if (group.length > 1) for (const e of group) if (!e.annotated) e.name = e.qualified;
const enumNames = new Map();
for (const e of enums.values()) {
  const other = enumNames.get(e.name);
  if (other) fail(`enum ${e.name}`, `${JSON.stringify(other.values)} and ${JSON.stringify(e.values)} take the same name`);
  enumNames.set(e.name, e);
  e.ids = e.values.map((v) => identifier(v, `enum ${e.name}`));
  if (new Set(e.ids).size !== e.ids.length) fail(`enum ${e.name}`, 'two values give the same identifier');
}

// Type names: each struct and enum once, none hiding a core name the readers use unqualified.
const typeNames = new Map();
for (const e of enums.values()) typeNames.set(e.name, `enum ${e.name}`);
for (const st of structs) {
  const other = typeNames.get(st.name);
  // An alias of the same name is the same struct met again (not emitted); any other is a clash.
  if (other && st.alias !== st.name) fail(st.name, `two types take this name (${other} and a struct)`);
  typeNames.set(st.name, `struct ${st.name}`);
}
for (const core of ['Fields', 'Json', 'EnumNames']) if (typeNames.has(core)) fail(core, 'a generated name would hide the core type');
for (const st of structs.filter((x) => !x.alias)) {
  const ids = st.members.map((m) => m.id);
  if (new Set(ids).size !== ids.length) fail(st.name, 'two members give the same identifier');
}

const ns = `grapeshot::inputs::${identifier(folder, 'folder')}`;
const header = [];
header.push(`// Generated from src/rulesets/${folder}/ruleset.json by scripts/gen-inputs.mjs. Do not edit.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/typed.h"

namespace ${ns} {
`);
for (const e of enums.values()) {
  header.push(`enum class ${e.name} : std::uint8_t { ${e.ids.join(', ')} };`);
  header.push(`inline constexpr EnumNames<${e.values.length}> k${e.name}Names{${e.values.map((v) => JSON.stringify(v)).join(', ')}};`);
  if (e.labels) {
    header.push(`inline constexpr EnumNames<${e.values.length}> k${e.name}Labels{${e.labels.map((v) => JSON.stringify(v)).join(', ')}};`);
    header.push(`inline constexpr EnumNames<${e.values.length}> k${e.name}LabelsFr{${e.labels.map((v) => JSON.stringify(frenchLabel.get(v) ?? v)).join(', ')}};`);
  }
  header.push(`inline const char* name(${e.name} v) { return k${e.name}Names[static_cast<std::size_t>(v)]; }`);
  // Found by argument-dependent lookup: sameEnum (core/results.h) maps it onto a result's enum by name.
  header.push(`constexpr const EnumNames<${e.values.length}>& enumNames(${e.name}) { return k${e.name}Names; }`);
}
header.push('');
for (const s of structs) {
  if (s.alias) {
    if (s.alias !== s.name) header.push(`using ${s.name} = ${s.alias};\n`);
    continue;
  }
  header.push(`struct ${s.name} {`);
  // Initialized with the schema's default where it has one, so a struct built in code (a test, a
  // procedure deriving one input from another) starts as an empty request would.
  for (const m of s.members) {
    let init = '';
    if (!m.optional && m.init && m.kind === 'enum') init = ` = ${m.enum.name}::${m.enum.ids[m.enum.values.indexOf(m.init.enumValue)]}`;
    else if (!m.optional && m.init) init = ` = ${m.init}`;
    else if (!m.optional) init = m.kind === 'enum' ? '{}' : m.kind === 'bool' ? ' = false' : ['int', 'int64', 'number'].includes(m.kind) ? ' = 0' : '';
    const title = m.title ? `  // ${m.title.replace(/\s+/g, ' ').replace(/\\$/, '')}` : '';
    header.push(`  ${cppType(m)} ${m.id}${init};${title}`);
  }
  header.push('};');
  header.push(`void read(const Json& validated, ${s.name}& out);\n`);
}
header.push(`// Each procedure's inputs by its name in ruleset.json.
${procedures.map((p) => `// ${p.name}: ${p.struct.name}`).join('\n')}

}  // namespace ${ns}
`);

// read(): members in the schema's order, which validation writes them in (Fields reads in order).
function readExpr(m, json) {
  switch (m.kind) {
    case 'int': return `readInt(${json})`;
    case 'int64': return `readInt64(${json})`;
    case 'number': return `readNumber(${json})`;
    case 'bool': return `readBool(${json})`;
    case 'string': return `readString(${json})`;
    case 'enum': return `readEnum<${m.enum.name}>(${json}, k${m.enum.name}Names)`;
    default: return null;
  }
}
function readMember(m) {
  const target = m.optional ? `out.${m.id}.emplace()` : `out.${m.id}`;
  const fill = (json) => {
    if (m.kind === 'struct') return `read(${json}, ${target});`;
    if (m.kind === 'array') {
      const item = m.item.kind === 'struct' ? `read(a[i], items[i])` : `items[i] = ${readExpr(m.item, 'a[i]')}`;
      return `{
    const Json& a = ${json};
    auto& items = ${target};
    items.resize(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) ${item};
  }`;
    }
    return m.optional ? `out.${m.id} = ${readExpr(m, json)};` : `${target} = ${readExpr(m, json)};`;
  };
  if (m.optional) return `  if (const Json* v = f.find(${JSON.stringify(m.key)})) ${fill('*v')}`;
  return `  ${fill(`f.at(${JSON.stringify(m.key)})`)}`;
}
const source = [`// Generated from src/rulesets/${folder}/ruleset.json by scripts/gen-inputs.mjs. Do not edit.
#include "${folder}_inputs.h"

namespace ${ns} {
`];
for (const s of structs) {
  if (s.alias) continue;
  source.push(`void read(const Json& validated, ${s.name}& out) {`);
  if (s.members.length) source.push('  const Fields f(validated);');
  else source.push('  (void)validated;\n  (void)out;');
  for (const m of s.members) source.push(readMember(m));
  source.push('}\n');
}
source.push(`}  // namespace ${ns}\n`);

writeIfChanged(outDir, `${folder}_inputs.h`, header.join('\n'));
writeIfChanged(outDir, `${folder}_inputs.cpp`, source.join('\n'));
