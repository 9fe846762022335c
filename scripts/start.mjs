// `npm start`: install what is missing, build the engine and the site (build/web), serve the calculator.
import { ensureNodeModules, ensurePackages } from './bootstrap.mjs';
import { build } from './build.mjs';
import { buildWeb } from './build-web.mjs';

try {
  ensurePackages(['cmake', 'ninja-build', 'g++', 'emscripten', 'nlohmann-json3-dev']);
  ensureNodeModules();
  build('wasm');
  await buildWeb();
} catch (e) {
  console.error(e.message);
  process.exit(e.exitCode ?? 1);
}
await import('./serve.mjs').then(async ({ startServer }) => {
  const server = await startServer();
  const { port } = server.address();
  console.log(`grapeshot calculator: http://localhost:${port}/  (PORT to change, Ctrl-C to stop)`);
});
