// scripts/gen-inputs.mjs, the typed inputs generated from a ruleset's schemas (the C++ procedures
// compile against its output; the native tests read real requests into it): here, what it makes of
// small schemas written for each rule — shared shapes, enum names, presence, defaults, refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('../../scripts/gen-inputs.mjs', import.meta.url));

// Runs the generator on a ruleset.json made of `procedures` (and `options`); its header, or its error.
function generate(procedures, options = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'gen-inputs-'));
  try {
    const folder = join(dir, 'test_rules');
    mkdirSync(folder);
    writeFileSync(join(folder, 'ruleset.json'), JSON.stringify({ id: 'test-rules', options, procedures }));
    const r = spawnSync(process.execPath, [script, folder, join(dir, 'out')], { encoding: 'utf8' });
    if (r.status !== 0) return { error: r.stderr };
    return { header: readFileSync(join(dir, 'out', 'test_rules_inputs.h'), 'utf8'), source: readFileSync(join(dir, 'out', 'test_rules_inputs.cpp'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const str = (values, extra = {}) => ({ type: 'string', enum: values, ...extra });
const int = { type: 'integer', minimum: 0, maximum: 9 };
const int0 = { ...int, default: 0 };
const obj = (properties, extra = {}) => ({ type: 'object', properties, ...extra });

test('objects of the same shape share one struct; the same keys with other enum values do not', () => {
  const { header } = generate({
    fire: {
      inputs: obj({
        firer: obj({ strength: int0, state: str(['good', 'shaken'], { default: 'good' }) }),
        target: obj({ strength: int0, state: str(['good', 'routed', 'square'], { default: 'good' }) }),
        support: obj({ strength: int0, state: str(['good', 'shaken'], { default: 'good' }) }),
      }),
    },
  });
  assert.match(header, /struct FireFirer \{/);
  assert.match(header, /struct FireTarget \{/, 'a state of other values is another struct');
  assert.match(header, /using FireSupport = FireFirer;/);
  // The two "state" lists differ, so each is named where it is declared; the target reads its own.
  assert.match(header, /enum class FireFirerState : std::uint8_t \{ good, shaken \};/);
  assert.match(header, /enum class FireTargetState : std::uint8_t \{ good, routed, square \};/);
  assert.match(header, /struct FireTarget \{\n  int strength = 0;\n  FireTargetState state = FireTargetState::good;/);
});

test('an enum is named by x-enum, by its property, and lists of the same values are one enum', () => {
  const { header } = generate({
    move: { inputs: obj({ arm: str(['foot', 'horse'], { 'x-enum': 'Branch' }), other: str(['foot', 'horse']), terrain: str(['open', 'woods']) }, { required: ['other'] }) },
  });
  assert.match(header, /enum class Branch : std::uint8_t \{ foot, horse \};/);
  assert.match(header, /inline constexpr EnumNames<2> kBranchNames\{"foot", "horse"\};/);
  assert.match(header, /inline const char\* name\(Branch v\) \{ return kBranchNames\[static_cast<std::size_t>\(v\)\]; \}/);
  assert.match(header, /Branch other\{\};/, 'the same values: the same enum');
  assert.match(header, /enum class Terrain : std::uint8_t \{ open, woods \};/);
});

test('presence: defaults as initializers, required and groups plain, anything else optional', () => {
  const { header, source } = generate(
    {
      rally: {
        inputs: obj(
          {
            morale: { ...int, default: 3 },
            steps: int,
            cohesion: int,
            state: str(['fresh', 'shaken'], { default: 'shaken' }),
            leader: obj({ bonus: { ...int, default: 1 } }),
            escort: obj({ size: int }, { required: ['size'] }),
            units: { type: 'array', items: obj({ casualties: { ...int, default: 0 } }) },
          },
          { required: ['cohesion', 'units'] },
        ),
      },
    },
    { R01_flag: { type: 'boolean', default: true } },
  );
  assert.match(header, /int morale = 3;/);
  assert.match(header, /std::optional<int> steps;/);
  assert.match(header, /int cohesion = 0;/, 'required: always there');
  assert.match(header, /State state = State::shaken;/);
  assert.match(header, /  RallyLeader leader;/, 'an object without "required" is a group, filled when absent');
  assert.match(header, /std::optional<RallyEscort> escort;/);
  assert.match(header, /std::vector<RallyUnit> units;/);
  assert.match(header, /struct Options \{\n  bool R01_flag = true;/);
  assert.match(source, /if \(const Json\* v = f\.find\("steps"\)\) out\.steps = readInt\(\*v\);/);
  assert.match(source, /out\.cohesion = readInt\(f\.at\("cohesion"\)\);/);
});

test('identifiers: values that are not C++ names, and no reserved names', () => {
  const { header } = generate({ fire: { inputs: obj({ fill: str(['3BR', 'D-1', 'new', '-']) }) } });
  assert.match(header, /enum class Fill : std::uint8_t \{ v3BR, D_1, new_, v_ \};/);
  assert.match(header, /kFillNames\{"3BR", "D-1", "new", "-"\}/);
});

test('what it cannot express is refused with the place in the schema', () => {
  assert.match(generate({ fire: { inputs: obj({ range: { type: 'integer' } }) } }).error, /fire\/inputs\/range: an integer without bounds/);
  assert.match(generate({ fire: { inputs: obj({ x: { oneOf: [] , type: 'object' } }) } }).error, /"oneOf" is not read/);
  assert.match(generate({ fire: {} }).error, /\/procedures\/fire: no "inputs" schema/);
  assert.match(
    generate({ fire: { inputs: obj({ unit: obj({ a: int }), 'unit-': obj({ b: int }) }) } }).error,
    /FireUnit: two types take this name/,
  );
});

test("an enum's labels (x-enumLabels) are kXLabels, when every place that declares the list agrees on them", () => {
  const { header } = generate({
    move: {
      inputs: obj({
        arm: str(['foot', 'horse'], { 'x-enumLabels': ['Infantry', 'Cavalry'] }),
        mount: str(['foot', 'horse'], { 'x-enumLabels': ['Infantry', 'Cavalry'] }),
        ground: str(['open', 'woods'], { 'x-enumLabels': ['Open', 'Woods'] }),
        cover: str(['open', 'woods'], { 'x-enumLabels': ['Clear', 'Forest'] }),
      }),
    },
  });
  assert.match(header, /inline constexpr EnumNames<2> kArmLabels\{"Infantry", "Cavalry"\};/);
  assert.doesNotMatch(header, /kGroundLabels/);  // its two places disagree
  assert.match(generate({ move: { inputs: obj({ arm: str(['foot', 'horse'], { 'x-enumLabels': ['Infantry'] }) }) } }).error,
    /x-enumLabels gives one text per value/);
});
