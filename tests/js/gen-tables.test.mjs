// scripts/gen-tables.mjs, the printed tables as typed C++ constants (the engine compiles against its
// output; tests/native/test_printed_tables.cpp holds the four rulesets' constants equal to their
// tables.json): here, what it makes of small tables written for each rule — the types it infers,
// maps, mixed values, the entries' order, the grids' one shape, and the data it refuses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/gen-tables.mjs', import.meta.url));

// Runs the generator on a tables.json holding `tables` (beside a ruleset.json declaring `options`);
// its header, or its error.
function generate(tables, options = { fill: { type: 'boolean', default: false } }) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-tables-'));
  try {
    const folder = join(dir, 'test_rules');
    mkdirSync(folder);
    writeFileSync(join(folder, 'tables.json'), JSON.stringify({ tables }));
    writeFileSync(join(folder, 'ruleset.json'), JSON.stringify({ id: 'test-rules', options }));
    const r = spawnSync(process.execPath, [script, folder, join(dir, 'out')], { encoding: 'utf8' });
    if (r.status !== 0) return { error: r.stderr };
    return { header: readFileSync(join(dir, 'out', 'test_rules_printed.h'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The body of struct `name` in `header`, one member per line.
function struct(header, name) {
  const m = new RegExp(`struct ${name} \\{\\n([^}]*)\\};`).exec(header);
  assert.ok(m, `no struct ${name}`);
  return m[1].trim().split('\n').map((l) => l.trim());
}

test('types are inferred from every value at one place: int, double, text, flag, optional', () => {
  const { header } = generate({
    terrain: {
      kind: 'chart', title: 'Terrain',
      rows: [
        { id: 'clear', cost: 1, factor: 1, cover: false, protection: 1, note: null },
        { id: 'woods', cost: 2, factor: 1.5, cover: true, note: 'B' },
      ],
    },
  });
  assert.deepEqual(struct(header, 'TerrainTableRow'), [
    'Text id;', 'int cost;', 'double factor;', 'bool cover;',
    'std::optional<int> protection;',  // one row lacks it
    'std::optional<Text> note;',       // one row has it null
  ]);
  assert.deepEqual(struct(header, 'TerrainTable'), ['Text kind;', 'Text title;', 'List<TerrainTableRow> rows;']);
  // The values, in the fields' order; an absent or null field is std::nullopt.
  assert.match(header, /TerrainTableRow\{"clear", 1, 1\.0, false, 1, std::nullopt\}/);
  assert.match(header, /TerrainTableRow\{"woods", 2, 1\.5, true, std::nullopt, "B"\}/);
  assert.match(header, /inline constexpr TerrainTable terrain = TerrainTable\{"chart", "Terrain", List<TerrainTableRow>\{k\d+, 2\}\};/);
});

test('mixed kinds at one place are Values; a blank among codes makes the items Values', () => {
  const { header } = generate({
    crt: { kind: 'chart', cells: [['-', 'T', null], ['D', 2, 'D+1']], hexes: [2, 'half'] },
  });
  assert.deepEqual(struct(header, 'CrtTable'), ['Text kind;', 'List<List<Value>> cells;', 'List<Value> hexes;']);
  assert.match(header, /textValue\("T"\), nullValue\(\)/);
  assert.match(header, /integerValue\(2\), textValue\("half"\)/);
});

test('an object whose keys are no identifiers is a Map; identifier keys make a struct (kMaps lists exceptions)', () => {
  const { header } = generate({
    notes: { kind: 'chart', notes: { '1': 'Like road', '2': 'no step' }, byArm: { infantry: 1, cavalry: 2 } },
  });
  assert.deepEqual(struct(header, 'NotesTable'), ['Text kind;', 'Map<Text> notes;', 'NotesTableByArm byArm;']);
  assert.match(header, /List<Keyed<Text>>\{k\d+, 2\}/);
  assert.match(header, /inline constexpr Keyed<Text> k\d+\[\] = \{\{"1", "Like road"\}, \{"2", "no step"\}\};/);
});

test('C++ keywords and escapes: a field named default is default_; quotes, backslashes and ? are escaped', () => {
  const { header } = generate({ odd: { kind: 'chart', default: 'a "b" \\ c?', rows: [] } });
  assert.deepEqual(struct(header, 'OddTable'), ['Text kind;', 'Text default_;', 'List<Value> rows;']);
  assert.match(header, /"a \\"b\\" \\\\ c\\\?"/);
});

test('printed entries: one per entry with an id, tables in id order (as cmake numbers the EntryIds)', () => {
  const { header } = generate({
    shock: { kind: 'modifiers', title: 'Shock', entries: [{ id: 'elite', label: 'Elite', values: { elite: -2, crack: -1 } }] },
    fire: { kind: 'modifiers', title: 'Fire', entries: [{ id: 'half', label: 'Half', num: 1, den: 2 }, { label: 'no id', value: 3 }, { id: 'd1', label: 'D-1', value: -1 }] },
  });
  const entries = /kPrintedEntries\[\] = \{\n([^;]*)\};/.exec(header)[1].trim().split(',\n').map((l) => l.trim());
  assert.equal(entries.length, 3);
  assert.match(entries[0], /^PrintedEntry\{"fire", "half", false, 0, 1, 2, "Half", "Fire", List<Keyed<int>>\{\}\}$/);
  assert.match(entries[1], /^PrintedEntry\{"fire", "d1", true, -1, 1, 1, "D-1", "Fire", List<Keyed<int>>\{\}\}$/);
  assert.match(entries[2], /^PrintedEntry\{"shock", "elite", false, 0, 1, 1, "Elite", "Shock", List<Keyed<int>>\{k\d+, 2\}\}$/);
  assert.match(header, /kPrintedEntryCount = 3;/);
});

test('grids in the one shape Grid reads: sides, cells flat, one patch per cell', () => {
  const { header } = generate({
    duel: {
      kind: 'grid', title: 'Duel', columns: ['1-1', '2-1'], rows: [-1, 0], rowLabels: ['-1 -', '0 +'],
      cells: { attacker: [['A', 'B'], [null, 'C']], defender: [['D', 'E'], ['F', 'G']] },
      patches: [{ option: 'fill', equals: true, grid: 'attacker', cells: [{ column: 0, roll: 0, value: 'X' }], ruling: 'R-1' }],
    },
  });
  const grid = /kGrids = List<GridData>\{(k\d+), 1\}/.exec(header);
  assert.ok(grid);
  const data = new RegExp(`${grid[1]}\\[\\] = \\{GridData\\{"duel", List<Text>\\{(k\\d+), 2\\}, -1, List<Text>\\{k\\d+, 2\\}, List<Text>\\{(k\\d+), 2\\}, List<Value>\\{(k\\d+), 8\\}, List<GridPatch>\\{(k\\d+), 1\\}\\}\\};`).exec(header);
  assert.ok(data, 'GridData of duel');
  assert.match(header, new RegExp(`${data[2]}\\[\\] = \\{"attacker", "defender"\\};`));
  assert.match(header, new RegExp(`${data[3]}\\[\\] = \\{textValue\\("A"\\), textValue\\("B"\\), nullValue\\(\\), textValue\\("C"\\), textValue\\("D"\\)`));
  assert.match(header, new RegExp(`${data[4]}\\[\\] = \\{GridPatch\\{"fill", flagValue\\(true\\), "attacker", 0, 0, textValue\\("X"\\), "R-1"\\}\\};`));
});

test('a grid whose rows are not consecutive rolls, or whose rows lack a cell, is refused', () => {
  const base = { kind: 'grid', columns: ['1'], rowLabels: ['1', '3'] };
  assert.match(generate({ g: { ...base, rows: [1, 3], cells: [['a'], ['b']] } }).error, /grid g: rows must be consecutive rolls/);
  assert.match(generate({ g: { ...base, rows: [1, 2], cells: [['a'], []] } }).error, /grid g: column count/);
});

test('each table is listed with its id, kind and title, in file order', () => {
  const { header } = generate({ b: { kind: 'chart', title: 'Bee' }, a: { kind: 'bands' } });
  assert.match(header, /= \{TableHead\{"b", "chart", "Bee"\}, TableHead\{"a", "bands", "a"\}\};/);
});

test('a patch names an option ruleset.json declares, with a value it can take; else the build fails', () => {
  const options = { W02_rally_le: { type: 'boolean', default: false }, W14_fill: { type: 'string', enum: ['none', '3BR'], default: 'none' } };
  const patched = (patch) => generate({ t: { kind: 'bands', bands: [], patches: [patch] } }, options);
  assert.ok(patched({ option: 'W02_rally_le', equals: true, bands: [] }).header);
  assert.ok(patched({ option: 'W14_fill', equals: '3BR', bands: [] }).header);
  assert.match(patched({ option: 'W02_rally_lt', equals: true }).error, /t\.patches\[0\]: names option W02_rally_lt, which ruleset\.json does not declare/);
  assert.match(patched({ option: 'W14_fill', equals: '4BR' }).error, /option W14_fill cannot equal "4BR"/);
  assert.match(patched({ option: 'W02_rally_le', equals: 'yes' }).error, /option W02_rally_le cannot equal "yes"/);
});

test('a field some rows lack and others leave null is refused; so is a band patch without both bounds', () => {
  assert.match(generate({ t: { kind: 'chart', rows: [{ x: 1 }, { x: null }, {}] } }).error, /t\.rows\[\]\.x: absent from some objects and null in others/);
  const bands = { kind: 'bands', bands: [{ code: 'a', min: null, max: 1 }] };
  assert.ok(generate({ t: { ...bands, patches: [{ option: 'fill', equals: true, bands: [{ code: 'a', min: null, max: 2 }] }] } }).header);
  assert.match(generate({ t: { ...bands, patches: [{ option: 'fill', equals: true, bands: [{ code: 'a', max: 2 }] }] } }).error,
    /t\.patches\[0\]\.bands\[0\]: a band patch gives code, min and max/);
});
