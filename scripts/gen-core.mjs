// What the core declares once in data, generated for C++, TypeScript and the tests:
//
// The error codes, from src/core/errors.json: <out>/error_codes.h (code::k<Name>, included by
// error.h) and the TypeScript ErrorCode (errorCodeType(), written by gen-types.mjs).
//
// The explanation trace's step kinds, from src/core/trace.json (one shape per kind), as:
//   - C++: <out>/trace_steps.h — enum StepKind, one struct per kind (namespace grapeshot::step) whose
//     members are the kind's fields, typed, and recordStep(TraceLog&, step), which writes it
//     (trace_steps.cpp);
//   - TypeScript: the discriminated union TraceStep (traceTypes(), written by gen-types.mjs);
//   - JSON Schema: every step, closed (traceSchema(), bindings/js/trace.schema.json, which the tests
//     validate every traced response against).
//
// The message catalogs, from src/messages/<lang>.json: <out>/messages.h, one function per message,
// defined out of line in <out>/messages.cpp beside every language's templates, compiled. The rulesets'
// form texts in French (fr.json "forms", scripts/forms.mjs; every English text of a ruleset.json must
// have its French, or the build fails): <out>/forms_fr.h.
//
//   node scripts/gen-core.mjs <src/core> <out dir>   ->  <out>/{trace_steps,error_codes,messages,forms_fr}.h,
//                                                         <out>/{trace_steps,messages}.cpp   (run by cmake)
//
// A struct's members are, in order: `for_`, the kind's own fields as trace.json lists them, then
// `reason` and `ref`; a procedure writes GS_STEP(ctx, step::Check{who, "d10", natural, ...}).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { pascal, writeIfChanged } from './cxx-names.mjs';
import { allFormTexts, checkForms } from './forms.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
export const traceJsonPath = join(here, '../src/core/trace.json');
export const readTrace = (path = traceJsonPath) => JSON.parse(readFileSync(path, 'utf8'));
export const errorsJsonPath = join(here, '../src/core/errors.json');
export const readErrors = (path = errorsJsonPath) => JSON.parse(readFileSync(path, 'utf8'));

// --- messages ------------------------------------------------------------------------------------------
export const messagesDir = join(here, '../src/messages');
export const readCatalog = (lang = 'en', dir = messagesDir) => JSON.parse(readFileSync(join(dir, `${lang}.json`), 'utf8'));
// The engine's sentences. The calculator's own words (ids web.*, issue 28) share the catalog files but
// never reach the wasm: scripts/build-web.mjs gives them to the page (readWebMessages). Nor do the
// JavaScript wrapper's (ids js.*: its load and usage errors), which gen-types.mjs writes into
// bindings/js/words.js (readJsMessages).
const engineId = (id) => !id.startsWith('web.') && !id.startsWith('js.');
export const readMessages = (lang = 'en', dir = messagesDir) =>
  Object.fromEntries(Object.entries(readCatalog(lang, dir).messages).filter(([id]) => engineId(id)));
export const readJsMessages = (lang = 'en', dir = messagesDir) =>
  Object.fromEntries(Object.entries(readCatalog(lang, dir).messages).filter(([id]) => id.startsWith('js.')));
export const readWebMessages = (lang = 'en', dir = messagesDir) =>
  Object.fromEntries(Object.entries(readCatalog(lang, dir).messages).filter(([id]) => id.startsWith('web.')));

// The parameters of a template, in the order they first appear: {name} and {name, plural, …}
// (whose options may name others).
export function messageParams(template, where = template) {
  const names = [];
  const walk = (t) => {
    for (let at = 0; at < t.length; at++) {
      if (t[at] === '}') fail(`${where}: an unmatched "}"`);
      if (t[at] !== '{') continue;
      let depth = 1, end = at + 1;
      for (; end < t.length && depth; end++) depth += t[end] === '{' ? 1 : t[end] === '}' ? -1 : 0;
      if (depth) fail(`${where}: an unclosed "{"`);
      const inner = t.slice(at + 1, end - 1);
      const [name, kind, ...rest] = inner.split(',');
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) fail(`${where}: parameter "${name}" is not a camelCase name`);
      if (!names.includes(name)) names.push(name);
      if (kind !== undefined) {
        if (kind.trim() !== 'plural') fail(`${where}: only {name, plural, …} is known, not ${kind.trim()}`);
        const options = rest.join(',');
        if (!/\bother\s*\{/.test(options)) fail(`${where}: a plural needs an "other" case`);
        for (let o = options.indexOf('{'); o >= 0; o = options.indexOf('{', o)) {  // each case's text
          let d = 1, e = o + 1;
          for (; e < options.length && d; e++) d += options[e] === '{' ? 1 : options[e] === '}' ? -1 : 0;
          walk(options.slice(o + 1, e - 1));
          o = e;
        }
      }
      at = end - 1;
    }
  };
  walk(template);
  return names;
}

const messageFunction = (id) => id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w, i) => (i ? w[0].toUpperCase() + w.slice(1) : w)).join('');

// The catalogs of every language, English first, then the others by name: one file per language in
// src/messages, with the same ids and parameters. msg::kTemplates is indexed by enum Lang
// (core/message.h), whose values must follow this order (en, fr, …); a Lang beyond the catalogs
// renders in English.
export function readCatalogs(dir = messagesDir) {
  const langs = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
  if (!langs.includes('en')) fail('src/messages/en.json is missing');
  return ['en', ...langs.filter((l) => l !== 'en')].map((lang) => ({ lang, messages: readMessages(lang, dir) }));
}

// A template compiled to the bytes Message renders (core/message.cpp), so that no template is parsed
// while a response is written: its literal text as it is, and in between
//   \x01 P              parameter P's text (P = its index + 1)
//   \x02 P K cases...   a plural on parameter P with K cases, each: S L1 L2 and L bytes of its text,
//                       S = 1 other, 2 one, 3 + N =N; L = (L1 - 1) * 128 + L2 - 1
//   \x03                the plural's number (#)
// (no byte of a template is below \x20: the catalogs are checked for it).
export function compileTemplate(template, params, where = template) {
  const enc = new TextEncoder();
  const index = (name) => {
    const i = params.indexOf(name);
    if (i < 0) fail(`${where}: parameter {${name}} is not one of the English template's (${params.join(', ')})`);
    return i + 1;
  };
  const compile = (t, inPlural) => {
    const out = [];
    for (let at = 0; at < t.length; at++) {
      const c = t[at];
      if (c === '#' && inPlural) { out.push(3); continue; }
      if (c !== '{') {
        if (c.charCodeAt(0) < 0x20) fail(`${where}: a control character in the template`);
        out.push(...enc.encode(c));
        continue;
      }
      let depth = 1, end = at + 1;
      for (; end < t.length && depth; end++) depth += t[end] === '{' ? 1 : t[end] === '}' ? -1 : 0;
      const inner = t.slice(at + 1, end - 1);
      at = end - 1;
      const comma = inner.indexOf(',');
      if (comma < 0) { out.push(1, index(inner)); continue; }
      const name = inner.slice(0, comma);
      const options = inner.slice(inner.indexOf(',', comma + 1) + 1);
      const cases = [];
      for (let o = 0; o < options.length;) {
        while (options[o] === ' ') o++;
        if (o >= options.length) break;
        const open = options.indexOf('{', o);
        const key = options.slice(o, open).trim();
        let d = 1, e = open + 1;
        for (; e < options.length && d; e++) d += options[e] === '{' ? 1 : options[e] === '}' ? -1 : 0;
        const body = compile(options.slice(open + 1, e - 1), true);
        const sel = key === 'other' ? 1 : key === 'one' ? 2 : /^=\d+$/.test(key) && Number(key.slice(1)) < 250 ? 3 + Number(key.slice(1)) : fail(`${where}: plural case "${key}"`);
        if (body.length >= 127 * 128) fail(`${where}: a plural case too long`);
        cases.push(sel, (body.length >> 7) + 1, (body.length & 127) + 1, ...body);
        o = e;
      }
      const n = countCases(options);
      if (!n || n > 200) fail(`${where}: a plural needs 1 to 200 cases`);
      out.push(2, index(name), n, ...cases);
    }
    return out;
  };
  return compile(template, false);
}
// The number of top-level cases of a plural's options ("one {…} other {…}" -> 2).
function countCases(options) {
  let n = 0, depth = 0;
  for (const c of options) {
    if (c === '{' && depth++ === 0) n++;
    if (c === '}') depth--;
  }
  return n;
}

// Bytes as a C++ string literal: printable ASCII as it is, anything else as a 3-digit octal escape.
const cxxBytes = (bytes) => {
  let s = '';
  for (const b of bytes) s += b < 0x20 || b >= 0x7f ? `\\${b.toString(8).padStart(3, '0')}` : b === 0x22 ? '\\"' : b === 0x5c ? '\\\\' : b === 0x3f ? '\\?' : String.fromCharCode(b);
  return `"${s}"`;
};
// A pool of byte strings as one literal (split every few entries) and their offsets.
function pool(name, entries) {
  let text = '', offsets = [0], at = 0;
  entries.forEach((bytes, i) => {
    text += `${i % 8 ? '' : '\n    '}${cxxBytes(bytes)}`;
    at += bytes.length;
    offsets.push(at);
  });
  return `const char ${name}Text[] =${text || ' ""'};\nconst std::uint32_t ${name}At[] = {${offsets.join(',')}};\n`;
}

// messages.h declares one function per message of the catalog (msg::<id in camelCase>(its parameters)
// -> Message); messages.cpp defines them, out of line (a call site builds only its arguments), and holds
// every language's templates compiled (compileTemplate) and the structured form's parameter names.
export function messagesSources(catalogs) {
  const messages = catalogs[0].messages;
  const ids = Object.keys(messages);
  const seen = new Map();
  for (const id of ids) {
    if (!/^[a-z0-9-]+(\.[A-Za-z0-9]+)+$/.test(id)) fail(`message id ${id}: dotted, e.g. "error.missingField"`);
    const f = messageFunction(id);
    if (seen.has(f)) fail(`message ids ${seen.get(f)} and ${id} make the same function ${f}`);
    seen.set(f, id);
  }
  const params = ids.map((id) => messageParams(messages[id], id));
  for (const { lang, messages: other } of catalogs.slice(1)) {
    for (const id of ids) {
      if (!(id in other)) fail(`${lang}.json lacks ${id}`);
      const theirs = messageParams(other[id], `${lang} ${id}`);
      if ([...theirs].sort().join() !== [...messageParams(messages[id], id)].sort().join()) fail(`${lang} ${id}: parameters ${theirs} differ from English's`);
    }
    for (const id of Object.keys(other)) if (!(id in messages)) fail(`${lang}.json has ${id}, which en.json lacks`);
  }
  let header = `// Generated from src/messages/*.json by scripts/gen-core.mjs. Do not edit.
// One function per message of the catalog: msg::<id in camelCase>(its parameters) -> Message (defined
// out of line in messages.cpp, with the compiled templates).
#pragma once
#include <cstdint>

#include "core/message.h"

namespace grapeshot::msg {

inline constexpr int kCount = ${ids.length};
inline constexpr int kLanguages = ${catalogs.length};  // ${catalogs.map((c) => c.lang).join(', ')}
inline constexpr const char* kLanguageCodes[kLanguages] = {${catalogs.map((c) => JSON.stringify(c.lang)).join(', ')}};
// What a loaded catalog must have been generated for: these ids with these parameters (catalogHash).
inline constexpr std::uint32_t kCatalogHash = 0x${catalogHash(ids, params).toString(16)}u;
extern const char* const kIds[kCount];
`;
  let source = `// Generated from src/messages/*.json by scripts/gen-core.mjs. Do not edit.
#include "messages.h"

#include <cstdint>

namespace grapeshot::msg {

const char* const kIds[kCount] = {${ids.map((id) => JSON.stringify(id)).join(', ')}};

namespace {
`;
  const enc = new TextEncoder();
  // Every language but English is left out of the wasm module (GRAPESHOT_LOADED_CATALOGS) and loaded
  // when a caller first wants it (catalogModule: dist/grapeshot-core.<lang>.mjs; core/catalog.h).
  for (const { lang, messages: m } of catalogs) {
    const compiled = pool(`k${pascal(lang)}`, ids.map((id, i) => compileTemplate(m[id], params[i], `${lang} ${id}`)));
    source += `// ${lang}.json, compiled (scripts/gen-core.mjs, compileTemplate)\n${lang === 'en' ? compiled : `#ifndef GRAPESHOT_LOADED_CATALOGS\n${compiled}#endif\n`}`;
  }
  // The structured form after the id: ","params":{"a":\x01,"b":\x01}} (\x01: the next parameter's JSON).
  source += `// The structured form after {"id":"<id>: its parameters' names, \\001 where each value goes\n${pool('kStructured', params.map((ps) => [...enc.encode(`","params":{${ps.map((p) => `${JSON.stringify(p)}:\u0001`).join(',')}}}`)]))}`;
  source += `}  // namespace

#ifdef GRAPESHOT_LOADED_CATALOGS
Templates kTemplates[kLanguages] = {${catalogs.map((c) => (c.lang === 'en' ? `{k${pascal(c.lang)}Text, k${pascal(c.lang)}At}` : '{nullptr, nullptr}')).join(', ')}};
#else
Templates kTemplates[kLanguages] = {${catalogs.map((c) => `{k${pascal(c.lang)}Text, k${pascal(c.lang)}At}`).join(', ')}};
#endif
const Templates kStructured = {kStructuredText, kStructuredAt};
`;
  header += `struct Templates {
  const char* text;
  const std::uint32_t* at;  // message i is text[at[i], at[i + 1])
};
// By Lang; a language left out of the module (GRAPESHOT_LOADED_CATALOGS) is {nullptr, nullptr} until
// loaded (core/catalog.h).
extern Templates kTemplates[kLanguages];
extern const Templates kStructured;
`;
  ids.forEach((id, i) => {
    const ps = params[i];
    const decl = `Message ${messageFunction(id)}(${ps.map((p) => `TraceValue ${p}`).join(', ')})`;
    header += `\n// ${JSON.stringify(messages[id]).replace(/\*\//g, '*\\/')}\n${decl};`;
    source += ps.length
      ? `${decl} {\n  TraceValue p[] = {${ps.map((p) => `std::move(${p})`).join(', ')}};\n  return Message(${i}, p, ${ps.length});\n}\n`
      : `${decl} { return Message(${i}); }\n`;
  });
  header += '\n\n}  // namespace grapeshot::msg\n';
  source += '\n}  // namespace grapeshot::msg\n';
  return { header, source };
}

// FNV-1a (32 bits) of the catalog's ids and their parameters: a catalog loaded at run time must have been
// generated for the same messages as the module that loads it.
export function catalogHash(ids, params) {
  let h = 0x811c9dc5;
  for (const b of new TextEncoder().encode(ids.map((id, i) => `${id}(${params[i].join(',')})`).join('\n'))) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return h;
}

// A language the wasm module leaves out, as the bytes core/catalog.cpp loads (little-endian u32s):
//   "GSC1", the language's code (4 bytes, NUL-padded), catalogHash, the number of messages N, the
//   number of form texts F, N + 1 offsets into the templates, the templates (compileTemplate, one
//   after another), then F form texts, each "ruleset\0pointer\0text\0" (formsHeader's).
export function catalogBytes(catalogs, lang, formTexts = []) {
  const en = catalogs[0].messages;
  const ids = Object.keys(en);
  const params = ids.map((id) => messageParams(en[id], id));
  const theirs = catalogs.find((c) => c.lang === lang)?.messages ?? fail(`no catalog ${lang}`);
  const templates = ids.map((id, i) => compileTemplate(theirs[id] ?? fail(`${lang}.json lacks ${id}`), params[i], `${lang} ${id}`));
  const enc = new TextEncoder();
  const forms = enc.encode(formTexts.map((f) => `${f.ruleset}\0${f.pointer}\0${f.text}\0`).join(''));
  const size = templates.reduce((n, t) => n + t.length, 0);
  const head = new DataView(new ArrayBuffer(20 + 4 * (ids.length + 1)));
  enc.encode('GSC1').forEach((b, i) => head.setUint8(i, b));
  enc.encode(lang).slice(0, 4).forEach((b, i) => head.setUint8(4 + i, b));
  head.setUint32(8, catalogHash(ids, params), true);
  head.setUint32(12, ids.length, true);
  head.setUint32(16, formTexts.length, true);
  let at = 0;
  templates.forEach((t, i) => { head.setUint32(20 + 4 * i, at, true); at += t.length; });
  head.setUint32(20 + 4 * ids.length, size, true);
  const out = new Uint8Array(head.byteLength + size + forms.length);
  out.set(new Uint8Array(head.buffer), 0);
  let o = head.byteLength;
  for (const t of templates) { out.set(t, o); o += t.length; }
  out.set(forms, o);
  return out;
}

// The same bytes as an ES module the wrapper imports on demand (bindings/js: a bundler splits it off
// as a chunk of its own; Node reads it as text): `export default "…"`, a JSON string of one
// character per byte (\u0000-\u00ff), so that the page that never asks for the language never
// downloads it.
export function catalogModule(catalogs, lang, formTexts) {
  const bytes = catalogBytes(catalogs, lang, formTexts);
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return `// Generated by scripts/gen-core.mjs from src/messages/${lang}.json: the engine's ${lang} catalog, loaded on demand ` +
    `(bindings/js: createEngine({ langs: ['${lang}'] }) or engine.loadLanguage('${lang}')). Do not edit.\nexport default ${JSON.stringify(text)};\n`;
}

// The rulesets' form texts in French, by ruleset and JSON Pointer into its ruleset.json (or
// "tables.json#…" for a table's title): Ruleset::procedure(name, Lang::fr) puts each in its place.
export function formsHeader(forms, texts = allFormTexts()) {
  const french = checkForms(texts, forms, 'fr');
  return `// Generated from src/messages/fr.json ("forms") and src/rulesets/*/{ruleset,tables}.json by scripts/gen-core.mjs. Do not edit.
// The French of every title, description, enum label, headline label and ruling of the rulesets'
// forms, and of their tables' titles (scripts/forms.mjs).
#pragma once
#include <cstddef>

namespace grapeshot::forms {

struct Text {
  const char* ruleset;
  const char* pointer;
  const char* text;
};

// Every French form text (core/catalog.cpp): the module's own, or, where the build leaves French out of
// the module (GRAPESHOT_LOADED_CATALOGS), the loaded catalog's.
struct Texts {
  const Text* first;
  std::size_t count;
  const Text* begin() const { return first; }
  const Text* end() const { return first + count; }
};
Texts french();
// How many there are: a loaded catalog with another count is another build's (kPrinted indexes them).
inline constexpr std::size_t kFormCount = ${french.length};

#ifndef GRAPESHOT_LOADED_CATALOGS
inline constexpr Text kFrench[] = {
${french.map((f) => `    {${JSON.stringify(f.ruleset)}, ${JSON.stringify(f.pointer)}, ${JSON.stringify(f.text)}},`).join('\n')}
};
#endif

// The printed texts of the tables (titles, modifier lines, bands, chart rows, matrix cells) that a
// response says, English -> French by ruleset, sorted by ruleset then English (bytewise) for a binary
// search: Ruleset::printedIn finds the French of a text the engine holds in English. The French is
// the form at \`form\` in french(): the module's own or, where French is left out of the module
// (GRAPESHOT_LOADED_CATALOGS), the loaded catalog's (issue 26), so no French text is compiled in.
// (The ruleset by its index in kPrintedRulesets and the form in 16 bits: 8 bytes an entry in the
// module, where a pointer and an int were 12.)
inline constexpr const char* kPrintedRulesets[] = {${printedRulesets(texts).map((r) => JSON.stringify(r)).join(', ')}};
struct Printed {
  const char* english;
  unsigned short form;
  unsigned char ruleset;  // in kPrintedRulesets
};
static_assert(kFormCount <= 0xFFFF, "kPrinted's form index is 16 bits");

inline constexpr Printed kPrinted[] = {
${((rulesets) => printedPairs(texts, french).map((p) => `    {${JSON.stringify(p.english)}, ${p.form}, ${rulesets.indexOf(p.ruleset)}},`).join('\n'))(printedRulesets(texts))}
};

}  // namespace grapeshot::forms
`;
}

// The rulesets of the tables' texts, sorted bytewise (kPrintedRulesets: kPrinted's order).
function printedRulesets(texts) {
  return [...new Set(texts.filter((t) => t.pointer.startsWith('tables.json#')).map((t) => t.ruleset))]
    .sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

// The tables' texts as {ruleset, english, french}, one per English text of a ruleset, sorted as
// kPrinted is searched (bytewise); a text said in two places is translated alike in both.
function printedPairs(texts, french) {
  const byKey = new Map();
  texts.forEach((t, i) => {
    if (!t.pointer.startsWith('tables.json#') || t.answer) return;  // an answer's text is put in place by pointer
    const key = `${t.ruleset}\u0000${t.english}`;
    const known = byKey.get(key);
    if (known && known.french !== french[i].text) fail(`${t.ruleset}: "${t.english}" is "${known.french}" and "${french[i].text}" in French (${t.id})`);
    if (!known) byKey.set(key, { ruleset: t.ruleset, english: t.english, french: french[i].text, form: i });
  });
  const bytes = (s) => Buffer.from(s, 'utf8');
  return [...byKey.values()].sort((a, b) => Buffer.compare(bytes(a.ruleset), bytes(b.ruleset)) || Buffer.compare(bytes(a.english), bytes(b.english)));
}

// --- error codes ---------------------------------------------------------------------------------------
export function errorCodeType(errors = readErrors()) {
  return `/** Every error code the engine or the wrapper returns (src/core/errors.json; README: Error codes). */
export type ErrorCode =
${Object.entries(errors.errors).map(([c, what]) => `  /** ${what} */\n  | ${JSON.stringify(c)}`).join('\n')};
`;
}

export function errorHeader(errors = readErrors()) {
  const codes = Object.entries(errors.errors);
  for (const [c] of codes) if (!/^[a-z]+(_[a-z]+)*$/.test(c)) fail(`error code ${c}: lower_snake_case`);
  return `// Generated from src/core/errors.json by scripts/gen-core.mjs. Do not edit.
// The stable error codes of {ok:false, error:{code, message, path}}: never rename one; add new ones.
#pragma once

namespace grapeshot::code {
${codes.map(([c, what]) => `inline constexpr const char* k${pascal(c)} = ${JSON.stringify(c)};  // ${what}`).join('\n')}
}  // namespace grapeshot::code
`;
}

const fail = (message) => {
  throw new Error(`gen-core: ${message}`);
};

// Each kind's fields in order: for, its own, reason, ref; each {name, type | enum, optional, description}.
export function kindFields(trace, kind) {
  const k = trace.kinds[kind];
  const own = k.modifier ? structuredClone(trace.modifier.fields) : (k.fields ?? {});
  if (k.modifier && k.valueType) own.value = { ...own.value, type: k.valueType };
  const require = new Set(k.require ?? []);
  const common = (name) => ({ name, ...trace.common[name], optional: !require.has(name) });
  const fields = [common('for'), ...Object.entries(own).map(([name, f]) => ({ name, optional: false, ...f })),
    common('reason'), common('ref'), ...('messages' in trace.common ? [common('messages')] : [])];
  for (const f of fields) {
    const known = ['int', 'number', 'bool', 'text', 'sentence', 'fraction', 'text|null', 'int|null', 'int[]', 'messages'];
    if (!f.enum && !known.includes(f.type)) fail(`${kind}.${f.name}: unknown type ${f.type}`);
    if (['for', 'reason', 'ref', 'messages', 'kind'].includes(f.name) && !(f.name in trace.common)) fail(`${kind}: ${f.name} is reserved`);
    if ((f.type === 'messages') !== (f.name === 'messages')) fail(`${kind}.${f.name}: only the common "messages" has type messages`);
  }
  for (const r of require) if (!(r in trace.common)) fail(`${kind}: "require" names ${r}, which is not a common field`);
  return fields;
}

const enumName = (kind, f) => (f.name === 'passIf' ? 'PassIf' : `${pascal(kind)}${pascal(f.name)}`);

// --- JSON Schema ---------------------------------------------------------------------------------------
function fieldSchema(f) {
  const d = f.description ? { description: f.description } : {};
  if (f.enum) return { enum: f.enum, ...d };
  switch (f.type) {
    case 'int': return { type: 'integer', ...d };
    case 'number': return { type: 'number', multipleOf: 0.5, ...d };
    case 'bool': return { type: 'boolean', ...d };
    case 'text': case 'sentence': return { type: 'string', minLength: 1, ...d };
    case 'messages': return { type: 'object', properties: { reason: { $ref: '#/definitions/message' } }, additionalProperties: false, ...d };
    case 'fraction': return { $ref: '#/definitions/fraction', ...d };
    case 'text|null': return { type: ['string', 'null'], ...d };
    case 'int|null': return { type: ['integer', 'null'], ...d };
    case 'int[]': return { type: 'array', items: { type: 'integer' }, ...d };
    default: return fail(`no schema for ${f.type}`);
  }
}

export function traceSchema(trace = readTrace()) {
  const kinds = Object.keys(trace.kinds);
  const definitions = {
    fraction: {
      type: 'object', description: 'An exact rational number, reduced, its denominator positive.',
      properties: { num: { type: 'integer' }, den: { type: 'integer', minimum: 1 } },
      required: ['num', 'den'], additionalProperties: false,
    },
    message: {
      type: 'object', description: 'A sentence of the message catalog (src/messages/en.json): its id and named parameters.',
      properties: { id: { type: 'string', pattern: '^[a-z0-9-]+(\\.[A-Za-z0-9]+)+$' }, params: { type: 'object' } },
      required: ['id', 'params'], additionalProperties: false,
    },
  };
  for (const kind of kinds) {
    const fields = kindFields(trace, kind);
    definitions[kind] = {
      type: 'object', description: trace.kinds[kind].description,
      properties: { kind: { const: kind }, ...Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])) },
      required: ['kind', ...fields.filter((f) => !f.optional).map((f) => f.name)],
      additionalProperties: false,
    };
  }
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://grapeshot.invalid/trace.schema.json',
    title: 'grapeshot trace step',
    description: 'One step of the explanation trace (a response\'s `trace` is an array of these). Generated from src/core/trace.json by scripts/gen-core.mjs.',
    type: 'object',
    required: ['kind'],
    properties: { kind: { enum: kinds } },
    allOf: kinds.map((kind) => ({ if: { properties: { kind: { const: kind } } }, then: { $ref: `#/definitions/${kind}` } })),
    definitions,
  };
}

// --- TypeScript ----------------------------------------------------------------------------------------
function tsType(f) {
  if (f.enum) return f.enum.map((v) => JSON.stringify(v)).join(' | ');
  return { int: 'number', number: 'number', bool: 'boolean', text: 'string', sentence: 'string', fraction: 'Fraction',
    'text|null': 'string | null', 'int|null': 'number | null', 'int[]': 'number[]',
    messages: '{ reason?: { id: MessageId; params: Record<string, unknown> } }' }[f.type];
}

export function traceTypes(trace = readTrace()) {
  const kinds = Object.keys(trace.kinds);
  let out = '/** A step of the explanation trace: one shape per kind (src/core/trace.json). */\n';
  out += `export type TraceStep =\n${kinds.map((k) => `  | TraceStep${pascal(k)}`).join('\n')};\n`;
  out += '/** The closed set of trace step kinds. */\nexport type TraceKind = TraceStep[\'kind\'];\n';
  for (const kind of kinds) {
    out += `\n/** ${trace.kinds[kind].description} */\nexport interface TraceStep${pascal(kind)} {\n  kind: ${JSON.stringify(kind)};\n`;
    for (const f of kindFields(trace, kind)) {
      if (f.description) out += `  /** ${f.description.replace(/\*\//g, '*\\/')} */\n`;
      out += `  ${f.name}${f.optional ? '?' : ''}: ${tsType(f)};\n`;
    }
    out += '}\n';
  }
  return out;
}

// --- C++ -----------------------------------------------------------------------------------------------
function cxxType(kind, f) {
  if (f.enum) return enumName(kind, f);
  return { int: 'int', number: 'TraceValue', bool: 'bool', text: 'TraceValue', sentence: 'Sentence', fraction: 'Fraction', 'text|null': 'TraceValue',
    'int|null': 'std::optional<int>', 'int[]': 'std::vector<int>' }[f.type];
}

// The TraceField that writes member `m` of field f (a null key leaves an optional field out).
function cxxField(kind, f) {
  const m = f.name === 'for' ? 's.for_' : `s.${f.name}`;
  const key = JSON.stringify(f.name);
  if (f.enum) return `{${key}, TraceValue::fromData(step::${enumName(kind, f)}Names[static_cast<int>(${m})])}`;
  switch (f.type) {
    case 'text': case 'number':
      return f.optional ? `{${m}.emptyText() ? nullptr : ${key}, std::move(${m})}` : `{${key}, std::move(${m})}`;
    case 'sentence':
      return f.optional ? `{${m}.text.emptyText() ? nullptr : ${key}, std::move(${m}.text)}` : `{${key}, std::move(${m}.text)}`;
    case 'messages': return `{s.reason.structured.given() ? ${key} : nullptr, std::move(s.reason.structured)}`;
    case 'text|null': return `{${key}, std::move(${m})}`;
    case 'int': case 'bool': return `{${key}, ${m}}`;
    case 'fraction': return `{${key}, TraceValue(${m}.toJson())}`;
    case 'int|null': return `{${key}, ${m} ? TraceValue(*${m}) : TraceValue(Json(nullptr))}`;
    case 'int[]': return `{${key}, TraceValue(Json(${m}))}`;
    default: return fail(`no C++ for ${f.type}`);
  }
}

export function traceHeader(trace = readTrace()) {
  const kinds = Object.keys(trace.kinds);
  let out = `// Generated from src/core/trace.json by scripts/gen-core.mjs. Do not edit.
// The trace's step kinds, one struct each: its members are the kind's fields, in the order for_, the
// kind's own, reason (a Sentence: text, or a Message whose structured form is written as the step's
// "messages": {"reason": {id, params}}), ref. A procedure records a step with GS_STEP(ctx, step::Kind{...}) (context.h).
#pragma once
#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "core/fraction.h"
#include "core/json.h"
#include "core/trace.h"

namespace grapeshot {

enum class StepKind {
${kinds.map((k) => `  ${k},`).join('\n')}
};
inline constexpr const char* kStepKindNames[] = {${kinds.map((k) => JSON.stringify(k)).join(', ')}};

namespace step {
`;
  const enums = new Map();
  for (const kind of kinds)
    for (const f of kindFields(trace, kind))
      if (f.enum) {
        const name = enumName(kind, f);
        if (enums.has(name) && JSON.stringify(enums.get(name)) !== JSON.stringify(f.enum)) fail(`${name} declared twice, differently`);
        enums.set(name, f.enum);
      }
  for (const [name, values] of enums)
    out += `\nenum class ${name} { ${values.join(', ')} };\ninline constexpr const char* ${name}Names[] = {${values.map((v) => JSON.stringify(v)).join(', ')}};\n`;
  for (const kind of kinds) {
    const fields = kindFields(trace, kind);
    out += `\n// ${trace.kinds[kind].description}\nstruct ${pascal(kind)} {\n  static constexpr StepKind kind = StepKind::${kind};\n`;
    for (const f of fields.filter((g) => g.type !== 'messages')) out += `  ${cxxType(kind, f)} ${f.name === 'for' ? 'for_' : f.name}${f.optional || f.type === 'text|null' ? '{}' : ''};\n`;
    out += '};\n';
  }
  out += '\n}  // namespace step\n\n// Appends a step to the log (trace_steps.cpp: out of line, one copy however many procedures record it).\n';
  for (const kind of kinds) out += `void recordStep(TraceLog& log, step::${pascal(kind)}&& s);\n`;
  out += '\n}  // namespace grapeshot\n';
  return out;
}

// The recorders trace_steps.h declares: each writes its kind's fields in trace.json's order.
export function traceSource(trace = readTrace()) {
  let out = `// Generated from src/core/trace.json by scripts/gen-core.mjs. Do not edit.
#include "core/trace.h"

namespace grapeshot {
`;
  for (const kind of Object.keys(trace.kinds)) {
    const fields = kindFields(trace, kind);
    out += `\nvoid recordStep(TraceLog& log, step::${pascal(kind)}&& s) {\n`;
    out += `  TraceField fields[] = {${fields.map((f) => `\n      ${cxxField(kind, f)}`).join(',')}};\n`;
    out += `  log.add(StepKind::${kind}, fields, ${fields.length});\n}\n`;
  }
  out += '\n}  // namespace grapeshot\n';
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [coreDir, outDir] = process.argv.slice(2);
  if (!coreDir || !outDir) {
    console.error('usage: node scripts/gen-core.mjs <src/core> <out dir>');
    process.exit(2);
  }
  try {
    const trace = readTrace(join(coreDir, 'trace.json'));
    const write = (name, text) => writeIfChanged(outDir, name, text);
    write('trace_steps.h', traceHeader(trace));
    write('trace_steps.cpp', traceSource(trace));
    write('error_codes.h', errorHeader(readErrors(join(coreDir, 'errors.json'))));
    const { header, source } = messagesSources(readCatalogs(join(coreDir, '../messages')));
    write('messages.h', header);
    write('messages.cpp', source);
    const french = JSON.parse(readFileSync(join(coreDir, '../messages/fr.json'), 'utf8'));
    const texts = allFormTexts(join(coreDir, '../rulesets'));
    write('forms_fr.h', formsHeader(french.forms ?? {}, texts));
    // The catalogs the wasm module loads on demand (CMake copies them to dist/).
    const catalogs = readCatalogs(join(coreDir, '../messages'));
    for (const { lang } of catalogs.slice(1))
      write(`grapeshot-core.${lang}.mjs`, catalogModule(catalogs, lang, lang === 'fr' ? checkForms(texts, french.forms ?? {}, 'fr') : []));
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
