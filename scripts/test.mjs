// `npm test`: install what is missing, build native and WASM, run every test suite:
// Catch2 (ctest), Node tests against the WASM module, TypeScript declarations (tsc), browser tests.
// No test asserts a time (budgets live in `npm run bench`); the long runs live in `npm run soak`.
import { run, runSteps } from './bootstrap.mjs';
import { build } from './build.mjs';
import { buildWeb } from './build-web.mjs';

const steps = [
  ['native build', () => build('native')],
  ['native tests (Catch2)', () => run('ctest', ['--test-dir', 'build/native', '--no-tests=error', '--output-on-failure', '-j2'])],
  ['sanitizer build (clang++-14, ASan + UBSan, libFuzzer)', () => build('asan',
    ['-DCMAKE_CXX_COMPILER=clang++-14', '-DGRAPESHOT_SANITIZE=ON', '-DGRAPESHOT_FUZZ=ON'])],
  ['native tests under ASan + UBSan', () => run('ctest', ['--test-dir', 'build/asan', '--no-tests=error', '--output-on-failure', '-j2'], {
    env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' },
  })],
  // A smoke run that proves each fuzz target builds and runs its seed corpus; the long runs are `npm run soak`.
  ['fuzz smoke, every entry point (libFuzzer + ASan + UBSan)', () => run('node', ['scripts/fuzz.mjs', process.env.GRAPESHOT_FUZZ_SECONDS ?? '4'])],
  ['wasm build', () => build('wasm')],
  ['web build (build/web for the browser tests)', () => buildWeb()],
  ['node tests (WASM)', () => run('node', ['--test', '--test-reporter=spec', 'tests/js/', 'tests/browser/'], {
    // 20,000 robustness requests here; the million run in `npm run soak`.
    env: { GRAPESHOT_ROBUSTNESS_N: '20000', ...process.env, GRAPESHOT_NATIVE_RESPONSES: 'build/native/fixture-responses.json' },
  })],
  ['type declarations (tsc)', () => run('node', ['node_modules/typescript/bin/tsc', '-p', 'tests/js/tsconfig.json'])],
];

await runSteps(steps, 'all test suites passed');
