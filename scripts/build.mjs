// Builds grapeshot: `native` (engine, CLI, Catch2 tests in build/native) and/or `wasm`
// (dist/grapeshot-core.{mjs,wasm}, the npm package's engine). Configures on first use.
import { existsSync } from 'node:fs';
import { ensurePackages, root, run } from './bootstrap.mjs';

// The sanitizer tree (build/asan): clang++-14 with ASan + UBSan, the Catch2 suite and the libFuzzer
// targets; `npm run soak` builds it, runs the suite and fuzzes.
export const SANITIZER_TREE = ['-DCMAKE_CXX_COMPILER=clang++-14', '-DGRAPESHOT_SANITIZE=ON', '-DGRAPESHOT_FUZZ=ON'];
export const SANITIZER_ENV = { ASAN_OPTIONS: 'detect_leaks=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' };

// `targets`: build only these (e.g. the Catch2 suite), else everything the tree configures.
export function build(target, extra = [], targets = []) {
  const dir = `build/${target}`;
  if (!existsSync(`${root}/${dir}/CMakeCache.txt`)) {
    const configure = ['-S', '.', '-B', dir, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release', ...extra];
    if (target === 'wasm') run('emcmake', ['cmake', ...configure, '-DGRAPESHOT_TESTS=OFF']);
    else run('cmake', configure);
  }
  run('cmake', ['--build', dir, ...(targets.length ? ['--target', ...targets] : [])]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const targets = process.argv.slice(2);
  ensurePackages(['cmake', 'ninja-build', 'g++', 'emscripten', 'nlohmann-json3-dev', ...(targets.includes('native') ? ['catch2'] : [])]);
  try {
    for (const t of targets.length ? targets : ['wasm']) build(t);
  } catch (e) {
    console.error(e.message);
    process.exit(e.exitCode ?? 1);
  }
}
