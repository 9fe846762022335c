// Exact odds off the main thread: enumerating every dice sequence (and once more per modifier for
// the sensitivity table) can take a noticeable fraction of a second, which would make typing lag.
import { createEngine } from './bindings/js/index.js';

const ready = createEngine();

self.addEventListener('message', async ({ data: { request } }) => {
  let response;
  try {
    const engine = await ready;
    response = typeof engine.odds === 'function'
      ? engine.odds(request)
      : { unavailable: 'this engine build has no engine.odds' };
  } catch (e) {
    // A wrapper newer than the compiled core (odds() present, oddsJson missing) lands here too.
    response = { unavailable: e.message };
  }
  self.postMessage({ request, response });
});
