// scripts/gen-core.mjs, the message catalogs compiled when the code builds (core/message.cpp renders
// the bytes; tests/native/test_message.cpp renders the real catalog): here, the bytes it makes of
// small templates, and the catalogs it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { catalogBytes, compileTemplate, messagesSources, readCatalogs } from '../../scripts/gen-core.mjs';

const bytes = (...parts) => parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : [p]));

test('a template compiles to its text, parameter codes by index, and plurals with their cases', () => {
  assert.deepEqual(compileTemplate('unit {unit} loses {steps}', ['unit', 'steps']), bytes('unit ', 1, 1, ' loses ', 1, 2));
  // {count, plural, …}: \2, parameter 2, 2 cases; each case its selector (2 one, 1 other), length, text.
  assert.deepEqual(compileTemplate('{count, plural, one {# unit} other {# units}}', ['unit', 'count']),
    bytes(2, 2, 2, 2, 1, 7, 3, ' unit', 1, 1, 8, 3, ' units'));  // lengths + 1: no byte is 0
  assert.deepEqual(compileTemplate('{n, plural, =0 {none} other {{who} x#}}', ['n', 'who']),
    bytes(2, 1, 2, 3, 1, 5, 'none', 1, 1, 6, 1, 2, ' x', 3));
  // '#' outside a plural is text; accented text stays UTF-8.
  assert.deepEqual(compileTemplate('#{n} é', ['n']), bytes('#', 1, 1, ' ', 0xc3, 0xa9));
  assert.throws(() => compileTemplate('{who}', ['unit']), /parameter \{who\} is not one of/);
});

test('every catalog has the English ids and parameters; English comes first', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gen-core-'));
  try {
    const write = (lang, messages) => writeFileSync(join(dir, `${lang}.json`), JSON.stringify({ messages }));
    write('en', { 'x.note.a': 'unit {unit} routs', 'x.note.b': 'plain' });
    write('fr', { 'x.note.a': "l'unité {unit} est en déroute", 'x.note.b': 'simple' });
    const catalogs = readCatalogs(dir);
    assert.deepEqual(catalogs.map((c) => c.lang), ['en', 'fr']);
    const { header, source } = messagesSources(catalogs);
    assert.match(header, /kLanguages = 2;/);
    assert.match(header, /Message xNoteA\(TraceValue unit\);/);
    assert.match(source, /\nTemplates kTemplates\[kLanguages\] = \{\{kEnText, kEnAt\}, \{kFrText, kFrAt\}\};/);
    // Issue 26: the wasm build leaves French out (GRAPESHOT_LOADED_CATALOGS) and loads it from catalogBytes.
    assert.match(source, /#ifdef GRAPESHOT_LOADED_CATALOGS\nTemplates kTemplates\[kLanguages\] = \{\{kEnText, kEnAt\}, \{nullptr, nullptr\}\};/);
    assert.match(source, /#ifndef GRAPESHOT_LOADED_CATALOGS\nconst char kFrText\[\]/);
    const blob = catalogBytes(catalogs, 'fr', [{ ruleset: 'r', pointer: '/title', text: 'Titre' }]);
    const view = new DataView(blob.buffer);
    const templates = [compileTemplate("l'unité {unit} est en déroute", ['unit']), compileTemplate('simple', [])];
    assert.equal(new TextDecoder().decode(blob.subarray(0, 6)), 'GSC1fr');
    assert.match(header, new RegExp(`kCatalogHash = 0x${view.getUint32(8, true).toString(16)}u;`), 'the module checks the catalog was made for its messages');
    assert.deepEqual([view.getUint32(12, true), view.getUint32(16, true)], [2, 1]);
    assert.deepEqual([0, 1, 2].map((i) => view.getUint32(20 + 4 * i, true)), [0, templates[0].length, templates[0].length + templates[1].length]);
    assert.deepEqual([...blob.subarray(32)], [...templates.flat(), ...new TextEncoder().encode('r\0/title\0Titre\0')]);
    write('fr', { 'x.note.a': "l'unité {who} est en déroute", 'x.note.b': 'simple' });
    assert.throws(() => messagesSources(readCatalogs(dir)), /fr x\.note\.a: parameters who differ from English's/);
    write('fr', { 'x.note.a': "l'unité {unit} est en déroute" });
    assert.throws(() => messagesSources(readCatalogs(dir)), /fr\.json lacks x\.note\.b/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
