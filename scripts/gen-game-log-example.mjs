// Writes examples/pbem-game.jsonl, the example game log the package ships, and the "Test vectors"
// section of docs/game-log.md from it: a short Napoleon III 1866 game played by message, from fixed,
// published secrets, so both are reproducible. Run it again when the engine version, a ruleset's data
// or a procedure's result change (the example then no longer verifies: engine_mismatch,
// data_hash_mismatch, result_mismatch), and commit both files; tests/js/gamelog.test.mjs checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from 'grapeshot';
import { acceptEntry, acceptGame, answerRoll, chainStep, completeRoll, joinGame, newGame, requestRoll } from '../bindings/js/gamelog.js';
import { root } from './bootstrap.mjs';

// Published in docs/game-log.md: never use them for a real game.
export const EXAMPLE = {
  game: '6a'.repeat(32),
  secretA: '1111111111111111111111111111111111111111111111111111111111111111',
  secretB: '2222222222222222222222222222222222222222222222222222222222222222',
  chainLength: 16,
};

export const EXAMPLE_ROLLS = [
  ['A', { ruleset: 'napoleon-iii-1866', procedure: 'fire', firers: [{ combatValue: 6 }], target: {} }],
  ['B', { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } }],
  ['A', { ruleset: 'napoleon-iii-1866', procedure: 'shock',
    attacker: { units: [{ combatValue: 6, type: 'cavalry', heavyCavalry: true, morale: 3 }] },
    defender: { terrain: 'woods', units: [{ combatValue: 4, morale: 3 }] } }],
  ['B', { ruleset: 'napoleon-iii-1866', procedure: 'rally', unit: { morale: 3, disorganized: true }, commanderAdjacent: true }],
];

/** Plays the example game by message, both sides in turn; returns the log text. */
export function playExample(engine) {
  const must = (r) => { if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message} (${r.error.path})`); return r; };
  const proposed = must(newGame(engine, { players: { A: 'Anna', B: 'Ben' }, role: 'A', rulesets: ['napoleon-iii-1866'],
    title: 'Trautenau, by mail', chainLength: EXAMPLE.chainLength, game: EXAMPLE.game, secret: EXAMPLE.secretA }));
  const joined = must(joinGame(engine, proposed.proposal, { secret: EXAMPLE.secretB }));
  const players = { A: proposed.player, B: joined.player };
  let log = must(acceptGame(engine, players.A, proposed.proposal, joined.log)).log;
  for (const [by, request] of EXAMPLE_ROLLS) {
    const them = by === 'A' ? 'B' : 'A';
    const asked = must(requestRoll(engine, log, players[by], request));
    const answered = must(answerRoll(engine, log, players[them], asked.message));
    const done = must(completeRoll(engine, log, asked.player, answered.message));
    const accepted = must(acceptEntry(engine, log, answered.player, done.entry));
    if (accepted.log !== done.log) throw new Error('the two logs differ');
    players[by] = done.player;
    players[them] = accepted.player;
    log = done.log;
  }
  return log;
}

/** The spec's "Test vectors" section for the example log. */
export function vectorsSection(log) {
  const lines = log.trimEnd().split('\n');
  const header = JSON.parse(lines[0]);
  const entries = lines.slice(1).map((l) => JSON.parse(l));
  const { game, secretA, secretB } = EXAMPLE;
  const n = header.chainLength;
  return `## Test vectors

The example game, \`examples/pbem-game.jsonl\` (made, with this section, by \`node scripts/gen-game-log-example.mjs\`;
\`tests/js/gamelog.test.mjs\` recomputes every value below with node:crypto and checks the spec lists it). **Its
secrets are public: never use them in a real game.**

\`\`\`
game     = ${game}
secret A = ${secretA}
secret B = ${secretB}
n        = ${n}
step(secret A) with role A = ${chainStep(game, 'A', secretA)}
step(secret B) with role B = ${chainStep(game, 'B', secretB)}
anchor A = H^${n}(secret A) = ${header.anchors.A}
anchor B = H^${n}(secret B) = ${header.anchors.B}
header line hash = ${entries[0].prev}
\`\`\`

| seq | by | prev (hash of the line before) | requestHash | reveal A | reveal B | seed | rolls |
|---|---|---|---|---|---|---|---|
${entries.map((e) => `| ${e.seq} | ${e.by} | \`${e.prev}\` | \`${e.requestHash}\` | \`${e.reveals.A}\` | \`${e.reveals.B}\` | ${e.seed} | ${e.rolls.join(' ')} |`).join('\n')}

Entry 1's seed in full: context = \`grapeshot-game-log/1 ${game} 1 ${entries[0].by} ${entries[0].prev}\`;
seed = the first 4 bytes, big-endian, of H(\`"grapeshot seed v3"\` ‖ 0x00 ‖ reveal A ‖ reveal B ‖ requestHash ‖ context) = ${entries[0].seed}.
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = playExample(await createEngine());
  writeFileSync(join(root, 'examples/pbem-game.jsonl'), log);
  const specPath = join(root, 'docs/game-log.md');
  const spec = readFileSync(specPath, 'utf8');
  const at = spec.indexOf('## Test vectors');
  if (at < 0) throw new Error('docs/game-log.md has no "## Test vectors" section');
  writeFileSync(specPath, spec.slice(0, at) + vectorsSection(log));  // the section is the spec's last
  console.log(log);
}
