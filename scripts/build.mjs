// Builds grapeshot: `native` (engine, CLI, Catch2 tests in build/native) and/or `wasm`
// (dist/grapeshot-core.{mjs,wasm}, the npm package's engine). Configures on first use.
import { existsSync } from 'node:fs';
import { ensurePackages, root, run } from './bootstrap.mjs';

export function build(target, extra = []) {
  const dir = `build/${target}`;
  if (!existsSync(`${root}/${dir}/CMakeCache.txt`)) {
    const configure = ['-S', '.', '-B', dir, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release', ...extra];
    if (target === 'wasm') run('emcmake', ['cmake', ...configure, '-DGRAPESHOT_TESTS=OFF']);
    else run('cmake', configure);
  }
  run('cmake', ['--build', dir]);
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
