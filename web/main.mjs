// The grapeshot combat calculator: forms generated from engine.rulesets(), results with the trace and
// the printed table, exact odds while you edit, state in the URL hash, offline via a service worker.
import { createEngine } from './bindings/js/index.js';
import { h } from './dom.mjs';
import { control } from './form.mjs';
import * as render from './render.mjs';
import { initGameLog } from './gamelog.mjs';
import { outcomeLabeller } from './labels.mjs';

const $ = (id) => document.getElementById(id);
const ODDS_DELAY_MS = 150;

const ui = {
  engine: null,
  rulesets: [],
  ruleset: null,      // the chosen ruleset's description
  procedure: null,    // the chosen procedure's description
  inputs: null,       // form control for the procedure's inputs
  options: null,      // {name: control}
  lastResponse: null,
  keepSeed: false,    // the seed field holds a seed to replay rather than the last roll's
};

// ----- state <-> URL hash ---------------------------------------------------------------------
// The hash holds the whole state as base64url JSON: short enough to share, no server involved.
const toBase64Url = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (b64) => new TextDecoder().decode(Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

function readHash() {
  const m = /^#s=([A-Za-z0-9_-]+)$/.exec(location.hash);
  if (!m) return null;
  try { return JSON.parse(fromBase64Url(m[1])); } catch { return null; }
}

function writeHash(state) {
  const hash = `#s=${toBase64Url(JSON.stringify(state))}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

/** Everything a link needs to reproduce the page: the request plus how the dice were given. */
function currentState({ withRoll = false } = {}) {
  const state = { ruleset: ui.ruleset.id, procedure: ui.procedure.name, inputs: ui.inputs.get() };
  const options = changedOptions();
  if (Object.keys(options).length) state.options = options;
  state.mode = diceMode();
  if (withRoll && ui.lastResponse?.ok) {
    if (state.mode === 'dice') state.dice = ui.lastResponse.rolls.map((r) => r.natural);
    else state.seed = ui.lastResponse.seed;
  } else if (state.mode === 'dice' && $('dice').value.trim()) state.dice = parseDice($('dice').value);
  return state;
}

// ----- requests -------------------------------------------------------------------------------

function optionValues() {
  const out = {};
  for (const [name, c] of Object.entries(ui.options)) {
    const v = c.get();
    if (v !== undefined) out[name] = v;
  }
  return out;
}

function changedOptions() {
  const out = {};
  for (const [name, v] of Object.entries(optionValues())) if (v !== ui.ruleset.options[name].default) out[name] = v;
  return out;
}

const diceMode = () => (document.querySelector('input[name="dice-mode"]:checked')?.value ?? 'seed');
const parseDice = (text) => text.trim().split(/[\s,;]+/).filter(Boolean).map(Number);

function baseRequest() {
  const options = changedOptions();
  return { ruleset: ui.ruleset.id, procedure: ui.procedure.name, ...(Object.keys(options).length ? { options } : {}), ...ui.inputs.get() };
}

function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0];
}

// ----- building the form ----------------------------------------------------------------------

function chooseRuleset(id, state = null) {
  ui.ruleset = ui.rulesets.find((r) => r.id === id) ?? ui.rulesets[0];
  $('ruleset').value = ui.ruleset.id;
  $('procedure').replaceChildren(...ui.ruleset.procedures.map((p) => new Option(p.title, p.name)));
  render.setOutcomeLabels(outcomeLabeller(ui.ruleset, (ui.ruleset.tables ?? []).map((t) => ui.engine.table({ ruleset: ui.ruleset.id, table: t.id }))
    .filter((t) => t.ok).map((t) => t.table)));
  buildOptions(state?.options);
  chooseProcedure(state?.procedure ?? ui.ruleset.procedures[0].name, state);
}

function chooseProcedure(name, state = null) {
  ui.procedure = ui.ruleset.procedures.find((p) => p.name === name || p.aliases?.includes(name)) ?? ui.ruleset.procedures[0];
  $('procedure').value = ui.procedure.name;
  $('procedure-help').textContent = ui.procedure.description ?? '';
  ui.inputs = control(ui.procedure.inputs, { path: '', label: 'Inputs', onChange: changed });
  ui.inputs.set(state?.inputs ?? {});
  $('inputs').replaceChildren(ui.inputs.el);
  const dice = ui.ruleset.dice?.join(' or ') ?? 'dice';
  $('dice-help').textContent = `Natural faces of the ${dice}, separated by spaces, in the order the dice are rolled (see "Dice" in the result).`;
  clearResult('Roll to see what happens, step by step.');
  changed();
}

function buildOptions(values = {}) {
  ui.options = {};
  const entries = Object.entries(ui.ruleset.options ?? {});
  const items = entries.map(([name, schema]) => {
    const c = control(schema, { path: `/options/${name}`, name, onChange: changed });
    c.set(values?.[name] ?? schema.default);
    ui.options[name] = c;
    const explained = ui.ruleset.rulings?.[schema.ruling];
    const chip = schema.ruling && explained ? render.rulingChip(schema.ruling, `${schema.ruling}: ${explained}`) : null;
    const ruling = schema.ruling ? h('span', { class: 'ruling' }, ['ruling ', chip ? chip.button : h('cite', {}, schema.ruling)]) : null;
    return h('div', { class: 'option' }, [ruling, chip?.note, c.el]);
  });
  $('options').replaceChildren(...(items.length ? items : [h('p', { class: 'help' }, 'This ruleset has no options.')]));
}

// ----- reacting to edits ----------------------------------------------------------------------

let oddsTimer = 0;
function changed() {
  const n = Object.keys(changedOptions()).length;
  $('options-changed').textContent = n ? `(${n} changed)` : '';
  $('request-json').textContent = JSON.stringify(baseRequest(), null, 2);
  if (ui.lastResponse) clearResult('The inputs changed since the last roll. Roll again for a new result.');
  writeHash(currentState());
  $('share-status').textContent = '';
  showDicePanel();
  markOddsStale();
  clearTimeout(oddsTimer);
  oddsTimer = setTimeout(updateOdds, ODDS_DELAY_MS);
}

function clearResult(message) {
  ui.lastResponse = null;
  $('result').replaceChildren(h('p', { class: 'help' }, message));
  digest('result', '');
  clearInvalid();
}

function clearInvalid() {
  for (const el of document.querySelectorAll('[aria-invalid="true"]')) {
    el.removeAttribute('aria-invalid');
    const rest = (el.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && !id.startsWith('err-'));
    if (rest.length) el.setAttribute('aria-describedby', rest.join(' ')); else el.removeAttribute('aria-describedby');
  }
  for (const el of document.querySelectorAll('.field-error')) el.remove();
}

// Marks the control an error points at (JSON Pointer), so the message sits next to the field.
function markInvalid(error) {
  const path = error.path ?? '';
  const target = path && document.querySelector(`#calculator [data-path="${CSS.escape(path)}"]`);
  if (!target) return null;
  const msg = h('p', { class: 'field-error', id: `err-${Date.now()}` }, error.message);
  const control = target.matches('input, select') ? target : target.querySelector('input, select');
  if (control) {
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-describedby', [control.getAttribute('aria-describedby'), msg.id].filter(Boolean).join(' '));
  }
  (target.closest('.field, fieldset') ?? target).append(msg);
  return target;
}

// Odds are computed in a worker. Every edit starts a new generation of the inputs (oddsJob): an
// answer is shown only if it was asked for the inputs on screen, so odds for "50" never appear
// beside a field reading "5" after a quick Backspace, whatever order the answers arrive in. An edit
// also marks the figures on show as belonging to the previous inputs at once; a job still running
// for older inputs is cancelled by terminating the worker (a synchronous odds call cannot be
// interrupted any other way). The headline figures come first (no what-if table), the what-if
// table after.
let oddsWorker = null, oddsJob = 0, oddsRunning = null;
function oddsWorkerReady() {
  if (!oddsWorker) {
    oddsWorker = new Worker(new URL('./odds-worker.mjs', import.meta.url), { type: 'module' });
    oddsWorker.addEventListener('message', ({ data }) => {
      const more = data.phase === 'headline' && data.response.ok;
      if (data.job !== oddsJob) {  // an answer for inputs that have changed since
        if (data.job === oddsRunning) oddsRunning = null;
        return;
      }
      showOdds(data.response, data.request, data.phase);
      if (more) oddsWorker.postMessage({ job: oddsJob, phase: 'full', request: data.request });
      else oddsRunning = null;
    });
    oddsWorker.addEventListener('error', () => showOdds({ unavailable: 'the odds worker did not start' }));
  }
  return oddsWorker;
}

function askOdds(request) {
  const box = $('odds');
  if (oddsRunning !== null && oddsWorker) {  // cancel the job for the older inputs
    oddsWorker.terminate();
    oddsWorker = null;
  }
  box.setAttribute('aria-busy', 'true');
  oddsRunning = oddsJob;
  oddsWorkerReady().postMessage({ job: oddsJob, phase: 'headline', request });
}

// Called on every edit, before anything is recomputed: what is on show is now out of date. Figures
// stay, greyed under a note that says so; anything else (a refusal, an error) gives way to a note
// that odds are coming. The phone bar says so in words too, not only by dimming.
function markOddsStale() {
  oddsJob++;
  const box = $('odds');
  if (!box.dataset.phase) return oddsComing();
  if (box.dataset.stale !== 'true') {
    box.dataset.stale = 'true';
    box.prepend(h('p', { class: 'stale-note', role: 'status' }, 'These odds are for the previous inputs; new odds are being counted…'));
  }
  const line = $('digest-odds');
  if (line.textContent && !line.dataset.stale) {
    line.dataset.stale = 'true';
    line.firstChild.textContent = 'Odds for the previous inputs (updating): ';
  }
}

// No figures yet: say that odds are on their way (first load, or after a refusal).
function oddsComing() {
  const box = $('odds');
  delete box.dataset.phase;
  delete box.dataset.stale;
  box.replaceChildren(h('p', { class: 'help pending odds-coming' }, 'Counting the odds for these inputs…'));
  digest('odds', 'counting…');
}

// The phone bar (#digest): the latest result's summary and the odds' gist, kept in view.
function digest(which, text) {
  const line = $(which === 'result' ? 'digest-result' : 'digest-odds');
  line.replaceChildren(...(text ? [h('span', { class: 'tag' }, `${which === 'result' ? 'Result' : 'Odds'}: `), h('span', {}, text)] : []));
  line.title = line.textContent;
  delete line.dataset.stale;
  $('digest').hidden = !$('digest-result').textContent && !$('digest-odds').textContent;
}

function updateOdds() {
  askOdds(baseRequest());
}

function showOdds(response, request, phase = 'full') {
  const box = $('odds');
  if (phase === 'full' || !response.ok) box.removeAttribute('aria-busy');
  delete box.dataset.stale;
  delete box.dataset.phase;  // set again below when figures are on show
  if (response.unavailable) {
    box.replaceChildren(h('p', { class: 'help' }, `Exact odds are not available: ${response.unavailable}. Results are unaffected.`));
    digest('odds', '');
    return;
  }
  // Odds follow every edit, so they double as validation: the engine's error sits by its field.
  if (!ui.lastResponse) clearInvalid();
  if (!response.ok && response.error.code === 'odds_too_complex') {
    box.replaceChildren(h('p', { class: 'help' }, 'Too many dice combinations to count exactly: ' +
      `${response.error.message}. Fewer units, or fewer of the modifiers that call for checks, bring them within reach; ` +
      'rolling is unaffected.'));
    digest('odds', 'too many dice combinations to count');
    return;
  }
  if (!response.ok) {
    if (!ui.lastResponse) markInvalid(response.error);
    box.replaceChildren(h('p', { class: 'help' }, `No odds until the inputs are valid: ${response.error.message}`));
    digest('odds', '');
    return;
  }
  box.replaceChildren(...render.odds(response, describePointer, request).filter(Boolean));
  digest('odds', response.paths === 1 ? '' : render.oddsDigest(response));
  if (phase === 'headline') box.append(h('p', { class: 'help pending' }, 'Working out what each modifier is worth…'));
  box.dataset.phase = phase;
  window.__grapeshotOdds = response;
  window.__grapeshotOddsRequest = request; // for tests: what these odds answer
}

// "/attacker/units/1/flank" -> "Attacker › Attacking unit 2": where an input sits, in the form's words.
function describePointer(pointer) {
  let schema = ui.procedure.inputs;
  const words = [];
  for (const part of pointer.split('/').slice(1, -1)) {
    if (schema?.type === 'array') {
      schema = schema.items;
      words.push(`${schema?.title ?? 'Item'} ${Number(part) + 1}`);
    } else {
      schema = schema?.properties?.[part];
      if (schema?.type !== 'array') words.push(schema?.title ?? part);
    }
  }
  return words.join(' › ');
}

// ----- resolving --------------------------------------------------------------------------------

function resolve({ newSeed = false } = {}) {
  const request = baseRequest();
  // Dice typed for an earlier procedure are not sent with one that rolls none.
  if (diceMode() === 'dice') request.dice = rollsDice() ? parseDice($('dice').value) : [];
  else {
    if (newSeed || $('seed').value.trim() === '') $('seed').value = String(randomSeed());
    request.seed = Number($('seed').value);
  }
  $('request-json').textContent = JSON.stringify(request, null, 2);
  const response = ui.engine.resolve(request);
  $('response-json').textContent = JSON.stringify(response, null, 2);
  window.__grapeshotLast = response;
  showResponse(response);
  return response;
}

function showResponse(response) {
  clearInvalid();
  ui.lastResponse = response.ok ? response : null;
  if (!response.ok) {
    const where = markInvalid(response.error);
    const needMore = response.error.code === 'dice_exhausted';
    $('result').replaceChildren(h('p', { class: 'error', role: 'alert' }, [
      h('strong', {}, needMore ? 'More dice needed: ' : 'Cannot resolve: '), response.error.message,
      response.error.path && !where ? h('code', {}, ` (${response.error.path})`) : null,
    ]));
    $('announce').textContent = `Cannot resolve: ${response.error.message}`;
    digest('result', `cannot resolve: ${response.error.message}`);
    return;
  }
  $('result').replaceChildren(...render.result(response, ui.engine, ui.ruleset.rulings).filter(Boolean));
  // A printed table wider than the screen scrolls within itself: bring the cell used into view.
  for (const cell of $('result').querySelectorAll('.printed-table td.used')) {
    const box = cell.closest('.scroll'), c = cell.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (c.left < b.left || c.right > b.right) box.scrollLeft += c.left - b.left - (b.width - c.width) / 2;
  }
  digest('result', response.result.summary ?? 'resolved');
  $('announce').textContent = `Result: ${response.result.summary ?? 'resolved'}.${response.rolls.length ? ` Dice ${response.rolls.map((r) => r.natural).join(', ')}.` : ''}`;
  writeHash(currentState({ withRoll: true }));
}

function setMode(mode) {
  $(mode === 'dice' ? 'mode-dice' : 'mode-seed').checked = true;
  showDicePanel();
}

// Movement, stacking and ZOC (and a fire the rules prohibit) roll no dice: no "Who rolls", no seed
// or dice, and a button that works the result out rather than rolls. Known by resolving once
// (cheap): the dice a procedure rolls first never depend on the dice, so no roll on one seed means
// no roll on any.
function rollsDice() {
  if (!ui.engine || !ui.inputs) return true;
  const r = ui.engine.resolve({ ...baseRequest(), seed: 1 });
  return !r.ok || r.rolls.length > 0;
}

function showDicePanel() {
  const dice = rollsDice(), mode = diceMode();
  $('no-dice').hidden = dice;
  $('who-rolls').hidden = !dice;
  $('seed-box').hidden = !dice || mode === 'dice';
  $('dice-box').hidden = !dice || mode !== 'dice';
  $('dice-heading').textContent = dice ? 'Dice' : 'No dice needed';
  $('roll').textContent = !dice ? 'Work it out' : mode === 'dice' ? 'Resolve' : 'Roll';
}

// ----- start ----------------------------------------------------------------------------------

function restore(state) {
  chooseRuleset(state?.ruleset ?? ui.rulesets[0].id, state);
  setMode(state?.mode ?? (state?.dice ? 'dice' : 'seed'));
  if (state?.dice) $('dice').value = state.dice.join(' ');
  if (state?.seed !== undefined) $('seed').value = String(state.seed);
  ui.keepSeed = false;
  // A link with a roll reproduces its result: the same dice or the same seed.
  if (state?.seed !== undefined || (state?.dice && state.dice.length)) resolve();
}

async function start() {
  try {
    ui.engine = await createEngine();
  } catch (e) {
    throw new Error(`the rules engine did not load (${e.message})`);
  }
  ui.rulesets = ui.engine.rulesets().filter((r) => r.procedures.length > 0);
  $('version').textContent = ui.engine.version;
  $('ruleset').replaceChildren(...ui.rulesets.map((r) => new Option(r.title, r.id)));
  $('ruleset').addEventListener('change', () => chooseRuleset($('ruleset').value));
  $('procedure').addEventListener('change', () => chooseProcedure($('procedure').value));
  for (const r of document.querySelectorAll('input[name="dice-mode"]')) r.addEventListener('change', () => { setMode(diceMode()); changed(); });
  // A result stays on show only beside the dice that gave it.
  const diceChanged = () => { if (ui.lastResponse) clearResult('The dice changed since the last roll. Resolve again for their result.'); };
  $('dice').addEventListener('input', () => { diceChanged(); writeHash(currentState()); });
  $('calculator').addEventListener('submit', (event) => {
    event.preventDefault();
    // During a game the game log rolls, with dice from both players' chains.
    if (ui.gameLog?.roll(baseRequest())) {
      $('result-heading').focus({ preventScroll: true });
      return;
    }
    // "Roll" draws new dice each time, unless a seed was typed or came with a shared link.
    resolve({ newSeed: !ui.keepSeed });
    ui.keepSeed = false;
    $('result-heading').focus({ preventScroll: true });
  });
  $('seed').addEventListener('input', () => { ui.keepSeed = true; diceChanged(); });
  $('share').addEventListener('click', async () => {
    writeHash(currentState({ withRoll: true }));
    try {
      await navigator.clipboard.writeText(location.href);
      $('share-status').textContent = 'Link copied.';
    } catch {
      $('share-status').textContent = 'Copy the address bar to share this state.';
    }
  });
  window.addEventListener('hashchange', () => { const s = readHash(); if (s) restore(s); });

  // Before restore, which rewrites the hash: a #log= link opens the game-log panel's check.
  ui.gameLog = initGameLog({ engine: ui.engine, rulesets: ui.rulesets, showResponse: (r) => {
    $('response-json').textContent = JSON.stringify(r, null, 2);
    window.__grapeshotLast = r;
    showResponse(r);
  } });
  restore(readHash());
  for (const id of ['ruleset', 'procedure', 'roll', 'share']) $(id).disabled = false;
  $('status').textContent = `${ui.rulesets.length} ruleset${ui.rulesets.length === 1 ? '' : 's'} ready.`;
  window.__grapeshotReadyAt = performance.now(); // ms from navigation, for the load-time figure
  window.__grapeshotReady = true;
}

// The service worker precaches the whole site (engine included) so a reload works offline.
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('./sw.js').then(() => navigator.serviceWorker.ready).then(() => {
    $('offline').textContent = 'Ready to work offline.';
  }, () => { /* not served from build/web (no sw.js): online only */ });
}

registerServiceWorker();
start().catch((e) => {
  // Say so on the page rather than leave "Loading…" forever.
  $('status').textContent = `The calculator could not start: ${e.message}`;
  $('status').classList.add('error');
  throw e;
});
