// `npm test`: install what is missing, build native and WASM, run every test suite:
// Catch2 (ctest), Node tests against the WASM module, TypeScript declarations (tsc), browser tests.
// No test asserts a time (budgets live in `npm run bench`); the long runs live in `npm run soak`:
// the million requests, the libFuzzer runs, and the Catch2 suite built a second time under ASan +
// UBSan. On a fresh 2-core machine the sanitizer tree alone took 9.5 of npm test's 23 minutes.
import { run, runSteps } from './bootstrap.mjs';
import { build } from './build.mjs';
import { buildWeb } from './build-web.mjs';

const steps = [
  ['native build', () => build('native', [], ['grapeshot_tests', 'grapeshot_cli'])],
  ['native tests (Catch2)', () => run('ctest', ['--test-dir', 'build/native', '--no-tests=error', '--output-on-failure', '-j2'])],
  ['wasm build', () => build('wasm')],
  ['web build (build/web for the browser tests)', () => buildWeb()],
  ['node tests (WASM)', () => run('node', ['--test', '--test-reporter=spec', 'tests/js/', 'tests/browser/'], {
    // 20,000 robustness requests here; the million run in `npm run soak`.
    env: { GRAPESHOT_ROBUSTNESS_N: '20000', ...process.env, GRAPESHOT_NATIVE_RESPONSES: 'build/native/fixture-responses.json' },
  })],
  ['type declarations (tsc)', () => run('node', ['node_modules/typescript/bin/tsc', '-p', 'tests/js/tsconfig.json'])],
];

await runSteps(steps, 'all test suites passed');
