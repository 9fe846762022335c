// Compiled by `tsc -p tests/js/tsconfig.json` in `npm test`: the public declarations describe the API
// as a host would use it. (Type errors here fail the test run.)
import createEngineDefault, { createEngine, type Engine, type Request, type RulesetDescription } from 'grapeshot';

async function host(): Promise<number> {
  const engine: Engine = await createEngine();
  const same: Engine = await createEngineDefault({ wasmBinary: new Uint8Array(0) });
  const rulesets: RulesetDescription[] = engine.rulesets();
  const request: Request = { ruleset: rulesets[0].id, procedure: rulesets[0].procedures[0].name, seed: 1 };
  const r = engine.resolve(request);
  if (r.ok) {
    const first: number = r.rolls[0].natural;
    const refs: (string | undefined)[] = (r.trace ?? []).map((s) => s.ref);
    return first + refs.length;
  }
  const code: string = r.error.code;
  const cell = engine.lookup({ ruleset: 'napoleon-iii-1866', table: 'combat', column: 0, roll: 0 });
  const text: string = engine.resolveJson('{}');
  return code.length + text.length + (cell.ok ? 1 : 0) + same.version.length;
}

void host;
