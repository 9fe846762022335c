// Exact odds off the main thread: enumerating every dice sequence (and once more per modifier for
// the what-if table) can take a noticeable time, which would make typing lag. Each message is one
// job: {job, phase: 'headline' (no what-if table) | 'full', request}; the page terminates the worker
// to cancel a job whose inputs have changed.
import { createEngine } from './bindings/js/index.js';

const ready = createEngine();

self.addEventListener('message', async ({ data: { job, phase, request } }) => {
  let response;
  try {
    const engine = await ready;
    if (typeof engine.odds !== 'function') response = { unavailable: 'web.odds.noOddsEntry' };  // a catalog id: the page words it
    else if (phase !== 'full') response = engine.odds({ ...request, sensitivity: false });
    else {
      // The what-if table tries every modifier, choices included; when that is more work than the
      // engine's budget, the boxes alone. The odds themselves stand either way: a what-if table over
      // the budget comes back as sensitivityError beside them, not as a refusal of the whole answer.
      response = engine.odds({ ...request, sensitivity: 'all' });
      if (response.sensitivityError?.code === 'odds_too_complex') response = engine.odds({ ...request, sensitivity: true });
    }
  } catch (e) {
    // A wrapper newer than the compiled core (odds() present, the core without its odds entry) lands here too.
    response = { unavailable: e.message };
  }
  self.postMessage({ job, phase, request, response });
});
