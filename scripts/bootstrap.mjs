// Installs what a fresh Debian 12 machine lacks for building and testing grapeshot: Debian packages
// (with apt-get, as root) and the npm devDependencies. Quiet when everything is present.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

// Debian package -> a file that proves it is installed.
const PACKAGES = {
  cmake: '/usr/bin/cmake',
  'ninja-build': '/usr/bin/ninja',
  'g++': '/usr/bin/g++',
  emscripten: '/usr/bin/emcc',
  'nlohmann-json3-dev': '/usr/include/nlohmann/json.hpp',
  catch2: '/usr/include/catch2/catch.hpp',
  chromium: '/usr/bin/chromium',
  // clang's sanitizer and libFuzzer runtime, for the ASan/UBSan and fuzz builds (only recommended by clang-14)
  'libclang-rt-14-dev': '/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.asan-x86_64.a',
};

export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) {
    const err = new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
    err.exitCode = r.status ?? 1;
    throw err;
  }
}

/** Ensures the named Debian packages are installed (all of PACKAGES by default). */
export function ensurePackages(names = Object.keys(PACKAGES)) {
  const missing = names.filter((n) => !existsSync(PACKAGES[n]));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages: ${missing.join(' ')}\n  install them with: sudo apt-get install -y ${missing.join(' ')}`);
  }
  console.log(`[bootstrap] apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', ...missing], { env });
}

/** Ensures node_modules holds the devDependencies. */
export function ensureNodeModules() {
  const needed = ['playwright-core', 'typescript', '@types/node', 'workbox-build', 'axe-core', 'esbuild', 'vite'];
  if (needed.every((m) => existsSync(`${root}/node_modules/${m}/package.json`))) return;
  console.log('[bootstrap] npm install');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Installs what is missing, then runs named steps in order; the first failure ends the process. */
export async function runSteps(steps, doneMessage) {
  try {
    ensurePackages();
    ensureNodeModules();
    for (const [name, step] of steps) {
      console.log(`\n=== ${name} ===`);
      await step();
    }
    console.log(`\n${doneMessage}`);
  } catch (e) {
    console.error(`\n${e.message}`);
    process.exit(e.exitCode ?? 1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensurePackages();
  ensureNodeModules();
}
