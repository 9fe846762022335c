// `npm run soak`: what would make `npm test` slow or flaky on a 2-core machine — 1,000,000 random
// and mutated requests through the WASM module, the Catch2 suite built a second time with clang++-14
// under ASan + UBSan (its build alone took 9.5 minutes on a fresh 2-core machine), and a long
// libFuzzer run under the same sanitizers. Builds what is missing first. CI (.ci/run) runs it after
// `npm test`.
//   GRAPESHOT_SOAK_REQUESTS (default 1000000), GRAPESHOT_SOAK_FUZZ_SECONDS (per fuzz target, default 60)
import { run, runSteps } from './bootstrap.mjs';
import { build, SANITIZER_TREE, SANITIZER_ENV } from './build.mjs';

const requests = process.env.GRAPESHOT_SOAK_REQUESTS ?? '1000000';
const fuzzSeconds = process.env.GRAPESHOT_SOAK_FUZZ_SECONDS ?? '60';

const steps = [
  ['wasm build', () => build('wasm')],
  [`robustness: ${requests} requests through the WASM module`, () => run('node', ['--test', '--test-reporter=spec', 'tests/js/robustness.test.mjs'], {
    env: { ...process.env, GRAPESHOT_ROBUSTNESS_N: requests },
  })],
  // verifyGameLog is JavaScript (the game log): its fuzzing is this test's random and mutated logs, longer.
  ['game log: 20,000 random and mutated logs through verifyGameLog', () => run('node', ['--test', '--test-reporter=spec', '--test-name-pattern=random and mutated', 'tests/js/gamelog.test.mjs'], {
    env: { ...process.env, GRAPESHOT_GAMELOG_FUZZ_N: '10000' },
  })],
  ['sanitizer build (clang++-14, ASan + UBSan, libFuzzer)', () => build('asan', SANITIZER_TREE)],
  ['native tests (Catch2) under ASan + UBSan', () => run('ctest', ['--test-dir', 'build/asan', '--no-tests=error', '--output-on-failure', '-j2'], {
    env: { ...process.env, ...SANITIZER_ENV },
  })],
  [`fuzz every entry point for ${fuzzSeconds} s each (libFuzzer + ASan + UBSan)`, () => run('node', ['scripts/fuzz.mjs', fuzzSeconds])],
];

await runSteps(steps, 'soak passed');
