// En français (issue 28): every fixture rendered with lang: 'fr' and rulesets({lang: 'fr'}) say no
// message id, no English sentence of the English catalog and no `undefined`; their structured forms
// ({id, params}, codes, paths, numbers) are those of English. The catalogs' ids and parameters are
// checked by the build (scripts/gen-core.mjs), the forms' completeness too (scripts/forms.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { engine, fixtureFiles, runCase } from './support.mjs';
import { allFormTexts } from '../../scripts/forms.mjs';

const catalog = (lang) => JSON.parse(readFileSync(new URL(`../../src/messages/${lang}.json`, import.meta.url), 'utf8'));
const en = catalog('en');
const fr = catalog('fr');

// The English catalog's sentences, as the fragments between parameters that a French text must not
// contain: two words or more, and not also French (a code such as "(W26_lc_only)" is both).
const frenchTexts = [...Object.values(fr.messages), ...Object.values(fr.forms)].join('\n');
const englishFragments = [...new Set(Object.values(en.messages).flatMap((t) => t.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}|#/)))]
  .map((s) => s.trim().replace(/^[^A-Za-z]+|[^A-Za-z]+$/g, ''))
  .filter((s) => /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(s) && !frenchTexts.includes(s));
const messageId = /\b[a-z0-9-]+\.(error|reason|note|ruling|summary|label|result|tally|form|option|table)\.[A-Za-z0-9.-]+/;
const catalogIds = new Set(Object.keys(en.messages));

// Every string of a response but the structured forms (`messages`) and the request a receipt repeats.
function* renderedTexts(value, path = '') {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* renderedTexts(v, `${path}/${i}`);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (k !== 'messages' && k !== 'receipt') yield* renderedTexts(v, `${path}/${k}`);
}

function assertFrench(response, where) {
  for (const [path, text] of renderedTexts(response)) {
    assert.ok(!text.includes('undefined'), `${where} ${path}: "undefined" in ${JSON.stringify(text)}`);
    assert.ok(!catalogIds.has(text) && !messageId.test(text), `${where} ${path}: a message id in ${JSON.stringify(text)}`);
    const english = englishFragments.find((f) => text.includes(f));
    assert.equal(english, undefined, `${where} ${path}: English "${english}" in ${JSON.stringify(text)}`);
  }
}

// The response with its rendered texts blanked: what must be the same in both languages. A string is
// rendered when the two languages differ there; the keys that may differ are the texts'.
const TEXT_KEYS = new Set(['summary', 'reason', 'message', 'label', 'title', 'fromLabel', 'toLabel', 'for', 'description', 'publisher']);
// A trace step's text fields (src/core/trace.json), which a procedure may fill from the catalog.
const STEP_TEXT_KEYS = new Set(['row', 'column', 'text', 'value', 'cell', 'band']);
function sameStructure(a, b, path = '') {
  if (typeof a === 'string' && typeof b === 'string') {
    if (a === b) return;
    const key = path.split('/').at(-2) === 'x-enumLabels' || path.split('/').at(-2) === 'rulings' ? 'label' : path.split('/').at(-1);
    const text = TEXT_KEYS.has(key) || (/\/trace\/\d+\/[^/]+$/.test(path) && STEP_TEXT_KEYS.has(key)) || /\/result\//.test(path);
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
      if (k === 'messages') assert.deepEqual(b[k], a[k], `${path}/messages: the structured form differs`);
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

test('a receipt made in French keeps its lang and verifies (its result is re-derived in French)', async () => {
  const e = await engine();
  const r = e.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, seed: 7, receipt: true, lang: 'fr' });
  assert.equal(r.ok, true);
  assert.equal(r.receipt.request.lang, 'fr');
  assert.match(r.receipt.result.summary, /^Test de moral/);
  assert.equal(e.verify(r.receipt).valid, true);
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

test('rulesets({lang: "fr"}): every form text in French, the structure of English', async () => {
  const e = await engine();
  const english = e.rulesets();
  const french = e.rulesets({ lang: 'fr' });
  assert.deepEqual(e.rulesets({ lang: 'en' }), english);
  assertFrench(french, 'rulesets');
  sameStructure(english, french, 'rulesets');
  // Every text the forms have, translated: French differs from English except where the words are
  // the same in both languages (a game's name, a code, a number).
  const same = new Set(allFormTexts().filter((t) => t.english === fr.forms[t.id]).map((t) => t.english));
  for (const s of same) assert.match(s, /^([-+0-9.]+|[A-Z]-\d|1R\.|Note C\.|Normal|Terrain|Village|Front|Action|Standard|Charge|Cuirassiers|Occasion|Position|Adjacent|The Battles of Waterloo|Black Powder|Grande Tactique|Great Battles of Napoleon III — 1866)$/, `"${s}" is left in English`);
  const waterloo = french.find((r) => r.id === 'battles-of-waterloo');
  assert.equal(waterloo.procedures.find((p) => p.name === 'fire').title, 'Tir');
  assert.equal(waterloo.tables.find((t) => t.id === 'combatResultsMatrix').title, 'MATRICE DES RÉSULTATS DE COMBAT');
  assert.throws(() => e.rulesets({ lang: 'de' }), RangeError);
});
