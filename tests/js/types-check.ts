// Compiled by `tsc -p tests/js/tsconfig.json` in `npm test`: the public declarations describe the API
// as a host would use it. (Type errors here fail the test run; every `@ts-expect-error` line must
// really be an error, or tsc reports the directive as unused.)
import createEngineDefault, {
  compileEngine, createEngine, type BattlesOfWaterlooState, type Engine, type ErrorCode, type Lang, type Request, type RulesetDescription, type TraceKind,
} from 'grapeshot';
import { createEngineWorker } from 'grapeshot/worker';

async function host(): Promise<number> {
  const engine: Engine = await createEngine();
  const same: Engine = await createEngineDefault({ wasmBinary: new Uint8Array(0) });
  const rulesets: RulesetDescription[] = engine.rulesets();
  const lang: Lang = 'fr';
  // Issue 26: French is a catalog loaded on demand; the compiled module can be handed over.
  const preloaded: Engine = await createEngine({ wasmModule: await compileEngine(), langs: ['fr'] });
  await engine.loadLanguage('fr');
  const loaded: Lang[] = preloaded.languages;
  // @ts-expect-error only 'en' and 'fr'
  await createEngine({ langs: ['de'] });
  const french: RulesetDescription[] = engine.rulesets({ lang });  // issue 28
  // @ts-expect-error only 'en' and 'fr'
  engine.rulesets({ lang: 'de' });
  // Data chosen at run time: the engine validates it, the types cannot.
  const request = { ruleset: rulesets[0].id, procedure: rulesets[0].procedures[0].name, seed: 1 } as Request;
  engine.resolve({ ...request, lang: french.length && loaded.length ? lang : 'en' });
  const r = engine.resolve(request);
  if (r.ok) {
    const first: number = r.rolls[0].natural;
    const summary: string = r.result.summary;
    const kinds: TraceKind[] = (r.trace ?? []).map((s) => s.kind);
    // A step's kind tells its shape (src/core/trace.json): a table read always has its column's index.
    let columns = 0;
    for (const s of r.trace ?? []) {
      if (s.kind === 'table') columns += s.columnIndex + (s.cell ?? '').length;
      if (s.kind === 'multiplier') columns += s.factor.num / s.factor.den;
      // @ts-expect-error: a check has no columnIndex
      if (s.kind === 'check') columns += s.columnIndex;
    }
    return first + summary.length + kinds.length + columns;
  }
  const code: ErrorCode = r.error.code;
  const cell = engine.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: 0, roll: 0 });
  const text: string = engine.resolveJson('{}');
  return code.length + text.length + (cell.ok ? 1 : 0) + same.version.length;
}

// Requests typed from the rulesets' schemas.
async function typed(engine: Engine): Promise<void> {
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, seed: 1 });
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'assault', options: { V13_range: 'adjacent' },   // an alias of shock
    attacker: { units: [{ combatValue: 6, type: 'cavalry', heavyCavalry: true, morale: 3 }] },
    defender: { terrain: 'woods', units: [{ combatValue: 4, morale: 3 }] } });
  engine.resolve({ ruleset: 'black-powder', procedure: 'morale', test: 'A', unit: { stamina: 3, arm: 'cavalry' } });
  engine.odds({ ruleset: 'grande-tactique', procedure: 'rally', unit: { quality: 'veteran' }, sensitivity: false });

  // @ts-expect-error: no ruleset 'blackpowder' (it is 'black-powder')
  engine.resolve({ ruleset: 'blackpowder', procedure: 'break-test', unit: { stamina: 3 } });
  // @ts-expect-error: no procedure 'breaktest' (it is 'break-test', or its alias 'morale')
  engine.resolve({ ruleset: 'black-powder', procedure: 'breaktest', unit: { stamina: 3 } });
  // @ts-expect-error: stamina is an integer, not a string
  engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', unit: { stamina: '3' } });
  // @ts-expect-error: an unknown key ('sed' for 'seed')
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, sed: 42 });
  // @ts-expect-error: an enum value not in the schema
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, terrain: 'jungle' });
  // @ts-expect-error: an option of another ruleset
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 }, options: { W02_rally_le: true } });
  // @ts-expect-error: a required input missing (the unit's morale)
  engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: {} });
}

// Results typed per procedure (src/rulesets/*/results.json), by ruleset and procedure or alias.
async function results(engine: Engine): Promise<number> {
  const shock = engine.resolve({ ruleset: 'napoleon-iii-1866', procedure: 'assault', seed: 1,
    attacker: { units: [{ combatValue: 6, morale: 3 }] }, defender: { units: [{ combatValue: 4, morale: 3 }] } });
  if (!shock.ok) return 0;
  const column: number = shock.result.attack.column;
  const events: ('disorganized' | 'stepLoss' | 'eliminated' | 'rallied')[] = shock.result.defender.units[0].events;
  const passed: boolean | undefined = shock.result.attacker.units[0].moraleTest?.passed;
  // @ts-expect-error: a shock result has attack and defence reads, not fire's top-level units
  shock.result.units;
  const morale = await createEngineWorker().resolve({ ruleset: 'battles-of-waterloo', procedure: 'morale', unit: { cohesion: 5 } });
  if (!morale.ok) return 0;
  const state: BattlesOfWaterlooState = morale.result.unit.newState;
  // @ts-expect-error: 'Shaken' is not a Waterloo state
  const shaken: BattlesOfWaterlooState = 'Shaken';
  // A request whose procedure is known only at run time gets the general shape.
  const any = engine.resolve({ ruleset: 'black-powder', procedure: 'break-test', unit: { stamina: 3 } } as Request);
  const summary: string = any.ok ? any.result.summary : '';
  return column + events.length + Number(passed) + state.length + shaken.length + summary.length;
}

// The worker: the same calls, asynchronous, each with an AbortSignal.
async function worker(): Promise<string> {
  const w = createEngineWorker();
  const controller = new AbortController();
  const o = await w.odds({ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } }, { signal: controller.signal });
  const all = await w.batch([{ ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } }], { call: 'odds' });
  w.terminate();
  // @ts-expect-error: the worker's calls return promises
  const sync: string = w.version();
  return (o.ok ? String(o.paths) : o.error.code) + (Array.isArray(all) ? all.length : 0) + sync;
}

void host;
void typed;
void worker;

// The game log (docs/game-log.md): the protocol's calls and the verifier's report, typed.
import { answerRoll, completeRoll, joinGame, newGame, requestRoll, verifyGameLog, type GameLogVerification } from 'grapeshot';
function gameLog(engine: Engine): number {
  const a = newGame(engine, { players: { A: 'Anna', B: 'Ben' }, role: 'A', rulesets: ['napoleon-iii-1866'] });
  if (!a.ok) return a.error.code.length;
  const b = joinGame(engine, a.proposal);
  if (!b.ok) return 0;
  const asked = requestRoll(engine, b.log, a.player, { ruleset: 'napoleon-iii-1866', procedure: 'morale', unit: { morale: 4 } });
  if (!asked.ok) return 0;
  const answered = answerRoll(engine, b.log, b.player, asked.message);
  const done = answered.ok ? completeRoll(engine, b.log, asked.player, answered.message) : answered;
  const v = verifyGameLog(engine, done.ok ? done.log : '');
  // @ts-expect-error: a log is text
  verifyGameLog(engine, 42);
  const report: GameLogVerification | null = v.ok ? v : null;
  return (report?.problems[0]?.seq ?? 0) + (report?.entries.length ?? 0);
}

// Odds keyed by the procedure's tallies (results.json "tallies"), lookups by the ruleset's table ids,
// a request in a variable kept typed by `satisfies` (issue 29 item 10).
async function oddsAndTables(engine: Engine): Promise<number> {
  const request = { ruleset: 'battles-of-waterloo', procedure: 'morale', unit: { cohesion: 5 } } satisfies Request;
  const odds = engine.odds(request);
  if (!odds.ok) return 0;
  const final: BattlesOfWaterlooState | undefined = odds.distributions.final?.[0].value;
  const tally: 'passed' | 'final' | 'stepsLost' | undefined = odds.headline?.[0]?.tally;
  const mean: number = odds.expected.stepsLost?.value ?? 0;
  // @ts-expect-error: no tally 'finale' (it is 'final')
  odds.distributions.finale;
  // @ts-expect-error: 'final' is a state, not a number: no expectation
  odds.expected.final;
  const fromWorker = await createEngineWorker().odds({ ruleset: 'napoleon-iii-1866', procedure: 'fire', firers: [{ combatValue: 3 }], target: { units: [{ combatValue: 4, morale: 3 }] } });
  const cell: string | number | undefined = fromWorker.ok ? fromWorker.distributions.cell?.[0].value : undefined;
  // A request known only at run time: any tally.
  const anyOdds = engine.odds({ ruleset: 'black-powder', procedure: 'break-test', unit: { stamina: 3 } } as Request);
  const some = anyOdds.ok ? anyOdds.distributions.whatever : undefined;
  engine.lookup({ ruleset: 'battles-of-waterloo', table: 'shock', column: 2, roll: 7 });
  // @ts-expect-error: 1866's grid table is 'combat'
  engine.lookup({ ruleset: 'napoleon-iii-1866', table: 'combt', column: 8, roll: 6 });
  // @ts-expect-error: Black Powder's results are a matrix, not a grid a lookup reads
  engine.lookup({ ruleset: 'black-powder', table: 'breakTestResults', column: 0, roll: 7 });
  engine.table({ ruleset: 'black-powder', table: 'breakTestResults' });
  // @ts-expect-error: a table of another ruleset
  engine.table({ ruleset: 'black-powder', table: 'combat' });
  const batch = engine.batch([request], { call: 'odds' });
  const paths = Array.isArray(batch) && batch[0].ok ? batch[0].paths : 0;
  return (final ?? '').length + (tally ?? '').length + mean + String(cell ?? '').length + (some ? 1 : 0) + paths;
}
void oddsAndTables;
