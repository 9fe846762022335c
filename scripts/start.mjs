// `npm start`: install what is missing, build the engine, serve the calculator.
import { ensurePackages } from './bootstrap.mjs';
import { build } from './build.mjs';

try {
  ensurePackages(['cmake', 'ninja-build', 'g++', 'emscripten', 'nlohmann-json3-dev']);
  build('wasm');
} catch (e) {
  console.error(e.message);
  process.exit(e.exitCode ?? 1);
}
await import('./serve.mjs').then(async ({ startServer }) => {
  const server = await startServer();
  const { port } = server.address();
  console.log(`grapeshot calculator: http://localhost:${port}/  (PORT to change, Ctrl-C to stop)`);
});
