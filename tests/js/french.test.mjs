// En français (issue 28): every fixture rendered with lang: 'fr' and rulesets({lang: 'fr'}) say no
// message id, no English sentence of the English catalog and no `undefined`; their structured forms
// ({id, params}, codes, paths, numbers) are those of English. The catalogs' ids and parameters are
// checked by the build (scripts/gen-core.mjs), the forms' completeness too (scripts/forms.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { engine, fixtureFiles, runCase } from './support.mjs';
import { ANSWER_KEPT, allFormTexts } from '../../scripts/forms.mjs';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../src/messages/${lang}.json`, import.meta.url), 'utf8'));
const en = catalog('en');
const fr = catalog('fr');

// The English catalog's sentences, as the fragments between parameters that a French template must not
// contain: two words or more, and not also French (a code such as "(W26_lc_only)" is both).
const frenchTexts = [...Object.values(fr.messages), ...Object.values(fr.forms)].join('\n');
const englishFragments = [...new Set(Object.values(en.messages).flatMap((t) => t.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|#/)))]
  .map((s) => s.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ''))
  .filter((s) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(s) && !frenchTexts.includes(s));
const messageId = /\b[a-z0-9-]+\.(error|reason|note|ruling|summary|label|result|tally|form|option|table)\.[A-Za-z0-9.-]+/;
const catalogIds = new Set(Object.keys(en.messages));

// A sentence of the French catalog from its structured form, as a host would render it: {name},
// {name, plural, one {…} other {…}} (one: 0 and 1), # and the decimal comma; a parameter that is
// itself a message is rendered too.
function renderFrench({ id, params }) {
  const value = (v) => (v && typeof v === 'object' && 'id' in v ? renderFrench(v)
    : typeof v === 'number' && !Number.isInteger(v) ? String(v).replace('.', ',') : String(v));
  const render = (t, n) => {
    let out = '';
    for (let at = 0; at < t.length; at++) {
      if (t[at] === '#' && n !== undefined) { out += n; continue; }
      if (t[at] !== '{') { out += t[at]; continue; }
      let depth = 1, end = at + 1;
      for (; depth; end++) depth += t[end] === '{' ? 1 : t[end] === '}' ? -1 : 0;
      const inner = t.slice(at + 1, end - 1);
      const [name, kind] = inner.split(',', 2);
      if (kind === undefined) out += value(params[name]);
      else {
        const count = params[name];
        const cases = {};
        const options = inner.slice(inner.indexOf(',', name.length + 1) + 1);
        for (const m of options.matchAll(/\s*([^{}\s]+)\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g)) cases[m[1]] = m[2];
        out += render(cases[`=${count}`] ?? (count === 0 || count === 1 ? cases.one : undefined) ?? cases.other, count);
      }
      at = end - 1;
    }
    return out;
  };
  assert.ok(id in fr.messages, `${id} is not in fr.json`);
  return render(fr.messages[id]);
}

// Every catalog sentence of a response (a text beside its structured form) is the French catalog's,
// rendered from the same {id, params}; no text anywhere says undefined or a message id.
function assertFrench(response, where) {
  const check = (text, structured, path) => {
    const sentences = Array.isArray(structured) ? structured : [structured];
    assert.equal(text, sentences.map(renderFrench).join(' '), `${where} ${path}: not the French catalog's sentence`);
  };
  const walk = (v, path) => {
    if (typeof v === 'string') {
      assert.ok(!v.includes('undefined'), `${where} ${path}: "undefined" in ${JSON.stringify(v)}`);
      assert.ok(!catalogIds.has(v) && !messageId.test(v), `${where} ${path}: a message id in ${JSON.stringify(v)}`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (k !== 'messages' && k !== 'receipt') walk(x, `${path}/${k}`);
      for (const [field, structured] of Object.entries(v.messages ?? {}))
        if (typeof v[field] === 'string') check(v[field], structured, `${path}/${field}`);
    }
  };
  walk(response, '');
}

test('the French catalog: no English sentence of en.json in any French template or form text', () => {
  for (const [id, t] of Object.entries(fr.messages)) {
    const english = englishFragments.find((f) => t.includes(f));
    assert.equal(english, undefined, `fr.json ${id}: English "${english}" in ${JSON.stringify(t)}`);
  }
  for (const [id, t] of Object.entries(fr.forms)) assert.ok(!messageId.test(t) && !t.includes('undefined'), `fr.json forms ${id}`);
});

// The response with its rendered texts blanked: what must be the same in both languages. A string is
// rendered when the two languages differ there; the keys that may differ are the texts'.
const TEXT_KEYS = new Set(['summary', 'purpose', 'consequence', 'ref', 'reason', 'message', 'label', 'title', 'fromLabel', 'toLabel', 'for', 'description', 'publisher']);
// A trace step's text fields (src/core/trace.json), which a procedure may fill from the catalog.
const STEP_TEXT_KEYS = new Set(['row', 'column', 'columnLabel', 'text', 'value', 'cell', 'band']);
// The structured forms are equal: ids, parameter names, numbers and flags. A text parameter may differ
// where it is a sentence the procedure rendered before passing it on (a unit named "The unit" /
// "L'unité", a prohibition's reason); typed25 makes such parameters nested {id, params}, equal in both.
function sameMessages(a, b, path) {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a !== b) assert.match(path, /\/params\//, `${path}: the structured form differs (${JSON.stringify(a)} vs ${JSON.stringify(b)})`);
    return;
  }
  if (a && typeof a === 'object') {
    assert.deepEqual(Object.keys(b ?? {}), Object.keys(a), `${path}: the structured form differs`);
    for (const k of Object.keys(a)) sameMessages(a[k], b[k], `${path}/${k}`);
    return;
  }
  assert.equal(b, a, `${path}: the structured form differs`);
}

function sameStructure(a, b, path = '') {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return;
    const key = path.split('/').at(-2) === 'x-enumLabels' || path.split('/').at(-2) === 'rulings' ? 'label' : path.split('/').at(-1);
    const text = TEXT_KEYS.has(key) || (/\/trace\/\d+\/[^/]+$/.test(path) && STEP_TEXT_KEYS.has(key)) || /\/(result|distributions)\//.test(path);
    assert.ok(text, `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)} is not a text`);
    return;
  }
  if (Array.isArray(a)) {
    assert.ok(Array.isArray(b) && a.length === b.length, `${path}: arrays differ`);
    a.forEach((x, i) => sameStructure(x, b[i], `${path}/${i}`));
    return;
  }
  if (a && typeof a === 'object') {
    assert.deepEqual(Object.keys(b ?? {}), Object.keys(a), `${path}: members differ`);
    for (const k of Object.keys(a)) {
      if (k === 'messages') sameMessages(a[k], b[k], `${path}/messages`);
      else sameStructure(a[k], b[k], `${path}/${k}`);
    }
    return;
  }
  assert.equal(b, a, `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

test('every fixture in French: no message id, no English sentence, no undefined; the structure of English', async (t) => {
  const e = await engine();
  let resolved = 0;
  for (const { rel, cases } of fixtureFiles()) {
    for (const c of cases) {
      const call = c.call ?? 'resolve';
      if (call === 'lookup' || call === 'table' || !c.request || typeof c.request !== 'object' || Array.isArray(c.request) || c.text) continue;
      const english = runCase(e, c);
      const french = runCase(e, { ...c, request: { ...c.request, lang: 'fr' } });
      const where = `${rel} :: ${c.name}`;
      assertFrench(french, where);
      sameStructure(english, french, where);
      resolved++;
    }
  }
  assert.ok(resolved > 500, `${resolved} fixtures rendered in French`);
});

// What English a French player could still meet outside the catalog's sentences: the printed texts of
// every tables.json (labels, bands, cells, titles: their French is fr.json's forms, scripts/forms.mjs)
// and the texts of every ruleset.json form (titles, enum labels) whose French differs. A text of a
// response must neither be one of them nor contain one of two words or more. Codes and numbers
// ("D-1", "2BDr", "1-4") and the grid labels quoted as printed (glossary: « 1.5-1 » stays) are not words.
const rulesetsDir = new URL('../../src/rulesets/', import.meta.url);
const frenchForms = new Map(allFormTexts().map((t) => [t.english, fr.forms[t.id]]));
const printedEnglish = new Set();
for (const folder of readdirSync(rulesetsDir)) {
  const collect = (v, key) => {
    if (typeof v === 'string') {
      if (/[A-Za-z][a-z]{2,}/.test(v) && !/^[a-z][A-Za-z0-9]*$/.test(v) && !['id', 'kind', 'effect', 'option', 'code', 'codes', 'grid', 'rounding', 'per', 'group', 'exclusiveGroup', 'relativeTo', 'combatType', 'appliesTo', 'typo'].includes(key)) printedEnglish.add(v);
    } else if (Array.isArray(v)) v.forEach((x) => collect(x, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) collect(x, k);
  };
  const path = new URL(`${folder}/`, rulesetsDir);
  let tables;
  try { tables = JSON.parse(readFileSync(new URL('tables.json', path), 'utf8')).tables; } catch { continue; /* not a ruleset folder */ }
  for (const t of Object.values(tables)) collect(t, '');
}
for (const t of allFormTexts()) if (fr.forms[t.id] !== t.english && /[A-Za-z]{3,}/.test(t.english)) printedEnglish.add(t.english);
// Words the same in both languages, or the printed form a French text quotes (a code with a word).
for (const [english, french] of frenchForms) if (english === french) printedEnglish.delete(english);
const longEnglish = [...printedEnglish].filter((s) => /\S+\s+\S+/.test(s) && s.length >= 8);
// An input's enum value named in a sentence ("(cavalry)", "échelle artillery"): its label is translated.
const enumWords = new Set(allFormTexts().filter((t) => /\.enum\.[A-Za-z]+$/.test(t.id) && fr.forms[t.id] !== t.english)
  .map((t) => t.id.split('.').at(-1)).filter((v) => v.length >= 4 && !/^(normal|front|village|position|charge|standard|second|adjacent)$/i.test(v)));
const enumWord = new RegExp(`(^|[^\\p{L}\\p{N}_])(${[...enumWords].join('|')})($|[^\\p{L}\\p{N}_])`, 'u');
// The texts of a response a player reads, by key (trace steps, results' sentences, errors).
const READ_KEYS = new Set(['summary', 'reason', 'message', 'label', 'for', 'ref', 'purpose', 'text', 'cell', 'band', 'effect', 'rule', 'title', 'description']);
// A result's members that are API values, not words: its enums (states, codes, outcomes, scales).
const RESULT_API = new Set(['state', 'oldState', 'newState', 'scale', 'outcome', 'final', 'combatType', 'test', 'arm', 'effects', 'appliesTo']);
// `values`: also no input's English value (rulesets' descriptions cite the request's spellings: the API).
function assertNoEnglish(response, where, { values = true } = {}) {
  const walk = (v, path, holder, key) => {
    if (typeof v === 'string') {
      // (Odds: each distribution's values, such as 1866's hex states, are read too.)
      // A result's members that quote the printed tables (a band's text, a row, a cell, a paragraph)
      // are said in French too (issue 28), all but its API values.
      const inResult = path.startsWith('/result/');
      if (!inResult && !READ_KEYS.has(key) && !/\/trace\/\d+\/(row|column|columnLabel)$/.test(path) && !(key === 'value' && path.includes('/distributions/'))) return;
      if (inResult && RESULT_API.has(key)) return;
      assert.ok(!printedEnglish.has(v), `${where} ${path}: the English printed text ${JSON.stringify(v)}`);
      const inside = longEnglish.find((s) => v.includes(s));
      assert.equal(inside, undefined, `${where} ${path}: English "${inside}" in ${JSON.stringify(v)}`);
      const fragment = englishFragments.find((f) => v.includes(f));
      assert.equal(fragment, undefined, `${where} ${path}: the English sentence "${fragment}" in ${JSON.stringify(v)}`);
      // (An error quotes the request's own spelling of a value, a distribution's value may be a state's
      // name: that is the API.)
      // (A result's enum values, such as a unit's type, are the API too.)
      if (values && !inResult && key !== 'message' && key !== 'value') assert.ok(!enumWord.test(v), `${where} ${path}: an input's English value in ${JSON.stringify(v)}`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`, holder, key));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (k !== 'messages' && k !== 'receipt' && k !== 'request') walk(x, `${path}/${k}`, v, k);
    }
  };
  walk(response, '', null, '');
}

// The assertions `check` makes that fail, as their messages (a test lists every one, not only the first).
function failures(check) {
  try {
    check();
    return [];
  } catch (e) {
    if (!(e instanceof assert.AssertionError)) throw e;
    return [e.message.split('\n')[0]];
  }
}

// Each fixture traced, with three seeds where it rolls freely: every step a French player reads.
test('every fixture traced in French, three seeds each: no English printed text, sentence or input value', async () => {
  const e = await engine();
  let checked = 0;
  const problems = [];
  for (const { rel, cases } of fixtureFiles()) {
    for (const c of cases) {
      const call = c.call ?? 'resolve';
      if (call === 'lookup' || call === 'table' || !c.request || typeof c.request !== 'object' || Array.isArray(c.request) || c.text) continue;
      const free = call === 'resolve' && !('dice' in c.request) && !('seed' in c.request) && !('commitReveal' in c.request);
      for (const seed of free ? [1, 2, 3] : [undefined]) {
        const request = { ...c.request, lang: 'fr', ...(call === 'resolve' ? { trace: true } : {}), ...(seed !== undefined ? { seed } : {}) };
        const french = runCase(e, { ...c, request });
        const where = `${rel} :: ${c.name}${seed !== undefined ? ` (seed ${seed})` : ''}`;
        problems.push(...failures(() => {
          assertFrench(french, where);
          assertNoEnglish(french, where);
          if (french.ok === false) assert.ok(french.error.messages?.message, `${where}: the error "${french.error.message}" is not a sentence of the catalog`);
        }));
        checked++;
      }
    }
  }
  assert.ok(checked > 1000, `${checked} French responses checked`);
  if (process.env.FRENCH_PROBLEMS) console.log([...new Set(problems)].join('\n'));
  assert.deepEqual([...new Set(problems)], []);
});

// The bad requests of tests/fixtures/bad-input.json, asked in French: each error a catalog sentence
// in French. Text that does not parse cannot say its language: those stay out.
test('the errors of bad-input.json in French: catalog sentences, no English', async () => {
  const e = await engine();
  const { cases } = JSON.parse(readFileSync(new URL('../fixtures/bad-input.json', import.meta.url), 'utf8'));
  let checked = 0;
  const problems = [];
  for (const c of cases) {
    let text = c.text ?? JSON.stringify(c.request);
    if (typeof c.request === 'object' && c.request && !Array.isArray(c.request)) text = JSON.stringify({ ...c.request, lang: 'fr' });
    else if (/^\s*\{\s*"/.test(text)) text = text.replace('{', '{"lang":"fr",');
    else continue;
    const r = JSON.parse(e.resolveJson(text));
    if (r.ok || r.error.code === 'parse_error' || r.error.path === '/lang') continue;
    problems.push(...failures(() => {
      assert.ok(r.error.messages?.message, `${c.name}: the error "${r.error.message}" is not a sentence of the catalog`);
      assertFrench(r, c.name);
      assertNoEnglish(r, c.name);
    }));
    checked++;
  }
  assert.ok(checked > 50, `${checked} errors checked`);
  assert.deepEqual(problems, []);
});

// The wrapper's own words (bindings/js/words.js, ids js.* of the catalogs): a load that fails, and
// requests it refuses before the engine sees them, said in the language asked (createEngine's lang, or
// the request's own). Its English sentences are never in a French one.
const englishWrapper = Object.entries(en.messages).filter(([id]) => id.startsWith('js.'))
  .flatMap(([, t]) => t.split(/\{[^{}]*\}/)).map((f) => f.trim()).filter((f) => /[A-Za-z]{3,}\s+[A-Za-z]{3,}/.test(f) && !frenchTexts.includes(f));
function assertWrapperFrench(text, where) {
  assert.equal(typeof text, 'string', where);
  const english = englishWrapper.find((f) => text.includes(f));
  assert.equal(english, undefined, `${where}: English "${english}" in ${JSON.stringify(text)}`);
}
test("the wrapper's own errors in French: load failures, refused requests, rulesets' lang", async () => {
  const { createEngine } = await import('grapeshot');
  await assert.rejects(createEngine({ lang: 'fr', wasmBinary: new TextEncoder().encode('<!doctype html>') }), (err) => {
    assertWrapperFrench(err.message, 'wasmBinary not wasm');
    return /WebAssembly/.test(err.message);
  });
  await assert.rejects(createEngine({ lang: 'fr', wasmUrl: '/nowhere/grapeshot-core.wasm' }), (err) => {
    assertWrapperFrench(err.message, 'wasmUrl missing');
    return true;
  });
  const e = await engine();
  const cyclic = { ruleset: 'napoleon-iii-1866', procedure: 'morale', lang: 'fr' };
  cyclic.self = cyclic;
  const deep = { lang: 'fr', a: JSON.parse(`${'['.repeat(70)}${']'.repeat(70)}`) };
  for (const [what, r] of [['cyclic', e.resolve(cyclic)], ['too deep', e.odds(deep)], ['too large', e.resolve({ lang: 'fr', x: 'x'.repeat(20000) })],
    ['bad pairs', e.lookupCodes({ lang: 'fr', ruleset: 'napoleon-iii-1866', table: 'combat' }, [1, 2])]]) {
    assert.equal(r.ok, false, what);
    assertWrapperFrench(r.error.message, what);
  }
  const french = await createEngine({ lang: 'fr', wasmModule: await WebAssembly.compile(readFileSync(new URL('../../dist/grapeshot-core.wasm', import.meta.url))) });
  assert.throws(() => french.rulesets({ lang: 'de' }), (err) => err instanceof RangeError && (assertWrapperFrench(err.message, 'rulesets lang'), true));
  await assert.rejects(french.loadLanguage('de'), (err) => err instanceof RangeError && (assertWrapperFrench(err.message, 'loadLanguage lang'), true));
  await assert.rejects(createEngine({ lang: 'fr', langs: 'fr' }), (err) => err instanceof TypeError && (assertWrapperFrench(err.message, 'langs not an array'), true));
  await assert.rejects(createEngine({ lang: 'fr', langs: ['de'] }), (err) => err instanceof RangeError && (assertWrapperFrench(err.message, 'createEngine langs'), true));
  // One message for every lang that is not 'en' or 'fr', naming where (js.lang).
  assert.throws(() => e.rulesets({ lang: 'de' }), { message: `rulesets: lang is 'en' or 'fr', not "de"` });
  assert.equal(french.batch('x').error.message, fr.messages['js.batchNotArray']);
  // An English request (or engine) keeps the English words.
  assert.equal(e.batch('x').error.message, en.messages['js.batchNotArray']);
});

test('a receipt made in French keeps its lang and verifies (its result is re-derived in French)', async () => {
  const e = await engine();
  const r = e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, seed: 7, receipt: true, lang: 'fr' });
  assert.equal(r.ok, true);
  assert.equal(r.receipt.request.lang, 'fr');
  assert.match(r.receipt.result.summary, /^Test de moral/);
  assert.equal(e.verify(r.receipt).valid, true);
});

// What is said before a request's lang is known (text that does not parse) is said in the engine's
// language (createEngine's lang); verify's problems in the language of the receipt's request.
test("text that does not parse, on an engine made in French, and verify's problems: in French", async () => {
  const { createEngine } = await import('grapeshot');
  const wasmModule = await WebAssembly.compile(readFileSync(new URL('../../dist/grapeshot-core.wasm', import.meta.url)));
  const french = await createEngine({ lang: 'fr', wasmModule });
  const bad = JSON.parse(french.resolveJson('{"ruleset":'));
  assert.equal(bad.error.code, 'parse_error');
  assert.equal(bad.error.message, fr.messages['error.textNotJson']);
  assert.equal(JSON.parse(french.resolveJson('{"a":1,"a":2}')).error.message, fr.messages['error.textDuplicateKey'].replace('{key}', 'a'));
  const e = await engine();
  assert.equal(JSON.parse(e.resolveJson('{"ruleset":')).error.message, en.messages['error.textNotJson']);
  // A request without lang, on the French engine: English.
  const base = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
  assert.equal(french.resolve(base).result.summary, e.resolve(base).result.summary);
  // verify: a tampered French receipt's problem, in French; the English one's in English.
  for (const [lang, catalog] of [['fr', fr], ['en', en]]) {
    const r = e.resolve({ ...base, dice: undefined, seed: 7, receipt: true, lang });
    const tampered = { ...r.receipt, rolls: [6], result: { ...r.receipt.result, passed: !r.receipt.result.passed } };
    const v = e.verify(tampered);
    assert.equal(v.valid, false);
    assert.ok(v.problems.some((p) => p.message === catalog.messages['verify.rollsMismatch']), `${lang}: ${JSON.stringify(v.problems)}`);
  }
});

test('lang other than en or fr is refused at /lang, with a stable code', async () => {
  const e = await engine();
  const base = { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, dice: [3] };
  assert.equal(e.resolve(base).ok, true);
  assert.equal(e.resolve({ ...base, lang: 'en' }).result.summary, e.resolve(base).result.summary);
  for (const [lang, code] of [['de', 'invalid_value'], ['FR', 'invalid_value'], [1, 'wrong_type'], [null, 'wrong_type']]) {
    for (const r of [e.resolve({ ...base, lang }), e.odds({ ...base, lang }), e.canonical({ ...base, lang })]) {
      assert.equal(r.ok, false, `lang ${JSON.stringify(lang)}`);
      assert.equal(r.error.code, code);
      assert.equal(r.error.path, '/lang');
    }
  }
  const french = e.odds({ ...base, lang: 'fr' });
  assert.equal(french.ok, true);
  assertFrench(french, 'odds');
  assert.equal(french.headline[0].label, 'Réussit le test de moral');
});

// Every table of every ruleset as engine.table({lang: 'fr'}) answers it (what the calculator draws):
// each text of tables.json that scripts/forms.mjs keys reads as its fr.json form, in its place; no text
// outside the API's and the transcriber's keys (ANSWER_KEPT) is an English printed text; everything
// else (codes, numbers, ids) is as in English, and English is tables.json itself.
test('every table of every ruleset in French: each printed text its form, in place, no English left', async () => {
  const e = await engine();
  const forms = new Map(allFormTexts().filter((t) => t.pointer.startsWith('tables.json#'))
    .map((t) => [`${t.ruleset}${t.pointer.slice('tables.json#'.length)}`, fr.forms[t.id]]));
  let tables = 0, printedTables = 0, translated = 0;
  const problems = [];
  for (const rs of e.rulesets()) {
    const folder = rs.id.replace(/-/g, '_');
    const printed = JSON.parse(readFileSync(new URL(`${folder}/tables.json`, rulesetsDir), 'utf8')).tables;
    printedTables += Object.keys(printed).length;
    for (const { id } of rs.tables) {
      const english = e.table({ ruleset: rs.id, table: id });
      assert.deepEqual(english.table, printed[id], `${rs.id} ${id}: English is tables.json`);
      const french = e.table({ ruleset: rs.id, table: id, lang: 'fr' });
      assert.equal(french.ok, true, `${rs.id} ${id}`);
      const walk = (en, frv, pointer, kept) => {
        if (typeof en === 'string') {
          const form = forms.get(`${rs.id}${pointer}`);
          if (form !== undefined) translated++;
          if (frv !== (form ?? en)) problems.push(`${rs.id} ${pointer}: ${JSON.stringify(frv)}, not ${JSON.stringify(form ?? en)}`);
          else if (!kept && form === undefined && printedEnglish.has(en)) problems.push(`${rs.id} ${pointer}: the English ${JSON.stringify(en)}`);
        } else if (Array.isArray(en)) en.forEach((x, i) => walk(x, frv?.[i], `${pointer}/${i}`, kept));
        else if (en && typeof en === 'object') {
          for (const [k, x] of Object.entries(en)) walk(x, frv?.[k], `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, kept || ANSWER_KEPT.has(k));
        } else if (frv !== en) problems.push(`${rs.id} ${pointer}: ${JSON.stringify(frv)}, not ${JSON.stringify(en)}`);
      };
      walk(english.table, french.table, `/tables/${id}`, false);
      tables++;
    }
  }
  assert.deepEqual(problems, []);
  // Every table asked for, and every form of a table text found in its place (none names a place
  // that is not there).
  assert.equal(tables, printedTables);
  assert.equal(translated, forms.size, `${translated} of ${forms.size} table texts in French`);
});

test('rulesets({lang: "fr"}): every form text in French, the structure of English', async () => {
  const e = await engine();
  const english = e.rulesets();
  const french = e.rulesets({ lang: 'fr' });
  assert.deepEqual(e.rulesets({ lang: 'en' }), english);
  assertFrench(french, 'rulesets');
  assertNoEnglish(french, 'rulesets', { values: false });
  sameStructure(english, french, 'rulesets');
  // Every text the forms have, translated: French differs from English except where the words are
  // the same in both languages (a game's name, a code, a number, a word French shares: Test, Code, Type, Notes, col.).
  const same = new Set(allFormTexts().filter((t) => t.english === fr.forms[t.id]).map((t) => t.english));
  for (const s of same) assert.match(s, /^([-+0-9.]+|[A-Z]-\d|1R\.|Note C\.|Normal|Terrain|Village|Front|Action|Standard|Charge|Cuirassiers|Occasion|Position|Adjacent|Notes|Test|Code|Type|standard|Att|-1 col\.|The Battles of Waterloo|Black Powder|Grande Tactique|Great Battles of Napoleon III — 1866)$/, `"${s}" is left in English`);
  const waterloo = french.find((r) => r.id === 'battles-of-waterloo');
  assert.equal(waterloo.procedures.find((p) => p.name === 'fire').title, 'Tir');
  assert.equal(waterloo.tables.find((t) => t.id === 'combatResultsMatrix').title, 'MATRICE DES RÉSULTATS DE COMBAT');
  assert.throws(() => e.rulesets({ lang: 'de' }), RangeError);
});
