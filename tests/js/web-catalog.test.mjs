// The calculator's words (issue 28): every catalog id web/ names exists in every language with the
// same parameters, every web.* id of the catalogs is used, and French numbers are written the French
// way. Static and cheap (no browser); tests/browser/calculator.test.mjs checks the page itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { webCatalogs } from '../../scripts/build-web.mjs';
import { decimal, format, percent, pickLang, setCatalogs, setLang, t } from '../../web/i18n.mjs';

const webDir = new URL('../../web/', import.meta.url);
const sources = readdirSync(webDir).filter((f) => /\.(mjs|html)$/.test(f)).map((f) => [f, readFileSync(new URL(f, webDir), 'utf8')]);
// Ids looked up by a computed key: web.word.<identifier>, web.outcome.<value>, the game log's codes.
const COMPUTED = /^web\.(word|outcome|gl\.problem|gl\.message)\./;

test('every id web/ names is in both catalogs (same parameters: build-web checks), and every web.* id is used', () => {
  const catalogs = webCatalogs();  // throws when en.json and fr.json disagree
  const named = new Set();
  for (const [file, text] of sources) {
    for (const m of text.matchAll(/['"`](web\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g)) {
      named.add(m[1]);
      assert.ok(m[1] in catalogs.en, `${file}: ${m[1]} is not in src/messages/en.json`);
    }
  }
  const manifest = ['web.manifest.name', 'web.manifest.description'];  // scripts/build-web.mjs
  const unused = Object.keys(catalogs.en).filter((id) => !named.has(id) && !COMPUTED.test(id) && !manifest.includes(id));
  assert.deepEqual(unused, [], 'catalog ids nothing uses');
  assert.ok(Object.keys(catalogs.fr).length === Object.keys(catalogs.en).length && Object.keys(catalogs.en).length > 300);
});

test('templates, plurals and numbers in English and in French', () => {
  setCatalogs(webCatalogs());
  setLang('en');
  assert.equal(t('web.status.ready', { n: 1 }), '1 ruleset ready.');
  assert.equal(t('web.status.ready', { n: 4 }), '4 rulesets ready.');
  assert.equal(t('web.step.columnShift', { value: '−1', n: 1 }), '−1 column');
  assert.equal(percent(0.4), '40.0 %');
  assert.equal(percent(0.0001), '< 0.1 %');
  assert.equal(decimal(1.5, 2), '1.50');
  setLang('fr');
  assert.equal(t('web.status.ready', { n: 4 }), '4 règles prêtes.');
  assert.equal(t('web.options.changed', { n: 1 }), '(1 modifiée)');
  assert.equal(t('web.step.columnShift', { value: '+2', n: 2 }), '+2 colonnes');
  assert.equal(percent(0.4), '40,0\u202f%');
  assert.equal(percent(0.99999), '> 99,9\u202f%');
  assert.equal(decimal(1.5, 2), '1,50');
  assert.equal(t('web.no.such.id'), 'web.no.such.id');
  assert.equal(format('{n, plural, =0 {none} one {# item} other {# items}}', { n: 0 }), 'none');
  assert.deepEqual([pickLang(['fr-CA', 'en']), pickLang(['de-DE', 'en-GB']), pickLang(['de']), pickLang([])], ['fr', 'en', 'en', 'en']);
  setLang('en');
});
