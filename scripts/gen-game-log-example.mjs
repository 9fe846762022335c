// Writes examples/pbem-game.jsonl, the example game log the package ships (docs/game-log.md): a short
// Napoleon III 1866 game played by message, from the fixed secrets of the spec's test vectors, so the
// file is reproducible. Run it again when the engine version or the ruleset's data change (the
// example then no longer verifies: engine_mismatch or data_hash_mismatch).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createEngine } from 'grapeshot';
import { acceptEntry, acceptGame, answerRoll, completeRoll, joinGame, newGame, requestRoll } from '../bindings/js/gamelog.js';
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const log = playExample(await createEngine());
  writeFileSync(join(root, 'examples/pbem-game.jsonl'), log);
  console.log(log);
}
