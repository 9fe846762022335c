// The grapeshot combat calculator: forms generated from engine.rulesets(), results with the trace and
// the printed table, exact odds while you edit, state in the URL hash, offline via a service worker.
import { compileEngine, createEngine } from './bindings/js/index.js';
import { h } from './dom.mjs';
import { control } from './form.mjs';
import * as render from './render.mjs';
import { initGameLog } from './gamelog.mjs';
import { outcomeLabeller, printedOutcomes } from './labels.mjs';
import { LANGS, currentLang, pickLang, setCatalogs, setLang, t } from './i18n.mjs';
import { askedAhead, described as earlyDescribed, engineModule as earlyModule, linkOddsRequest, takeOddsWorker } from './odds-start.mjs';
import catalogs from './messages.mjs';  // written by scripts/build-web.mjs from src/messages/*.json

const $ = (id) => document.getElementById(id);
const ODDS_DELAY_MS = 150;

// The engine's module, compiled once, while it downloads (odds-start.mjs began it, else the package
// does): the page instantiates it and so does the odds worker (a compiled module is shared with a
// worker, not compiled again).
const engineModule = (earlyModule ?? Promise.reject()).catch(() => compileEngine());
engineModule.catch(() => { /* start() reports it */ });

const ui = {
  engine: null,
  rulesets: [],
  ruleset: null,      // the chosen ruleset's description
  procedure: null,    // the chosen procedure's description
  inputs: null,       // form control for the procedure's inputs
  options: null,      // {name: control}
  lastResponse: null,
  keepSeed: false,    // the seed field holds a seed to replay rather than the last roll's
  oddsNow: false,     // the next odds are asked at once, not after the typing pause
  printed: null,      // {rulesetId: {code: printed text}} from the build (rulesets.<lang>.json), else read from the engine
  langOption: false,  // the engine takes `lang` (issue 28): every request and rulesets() say the page's
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
  const state = { ruleset: ui.ruleset.id, procedure: ui.procedure.name, inputs: ui.inputs.get(), lang: currentLang() };
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

// What is sent to the engine: the request in the page's language, once the engine takes `lang`.
const engineRequest = (request) => (ui.langOption ? { ...request, lang: currentLang() } : request);

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
  render.setOutcomeLabels(outcomeLabeller(ui.ruleset, ui.printed?.[ui.ruleset.id] ?? printedOutcomes((ui.ruleset.tables ?? [])
    .map((t) => ui.engine.table({ ruleset: ui.ruleset.id, table: t.id })).filter((t) => t.ok).map((t) => t.table))));
  buildOptions(state?.options);
  chooseProcedure(state?.procedure ?? ui.ruleset.procedures[0].name, state);
}

function chooseProcedure(name, state = null) {
  ui.procedure = ui.ruleset.procedures.find((p) => p.name === name || p.aliases?.includes(name)) ?? ui.ruleset.procedures[0];
  $('procedure').value = ui.procedure.name;
  $('procedure-help').textContent = ui.procedure.description ?? '';
  ui.inputs = control(ui.procedure.inputs, { path: '', label: t('web.inputs.heading'), onChange: changed });
  ui.inputs.set(state?.inputs ?? {});
  $('inputs').replaceChildren(ui.inputs.el);
  const dice = ui.ruleset.dice?.join(` ${t('web.or')} `) ?? t('web.dice.generic');
  $('dice-help').textContent = t('web.dice.help', { dice });
  clearResult(t('web.result.prompt'));
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
    const chip = schema.ruling && explained ? render.rulingChip(schema.ruling, t('web.pair', { label: schema.ruling, value: explained })) : null;
    const ruling = schema.ruling ? h('span', { class: 'ruling' }, [`${t('web.options.ruling')} `, chip ? chip.button : h('cite', {}, schema.ruling)]) : null;
    return h('div', { class: 'option' }, [ruling, chip?.note, c.el]);
  });
  $('options').replaceChildren(...(items.length ? items : [h('p', { class: 'help' }, t('web.options.none'))]));
}

// ----- reacting to edits ----------------------------------------------------------------------

let oddsTimer = 0;
function changed() {
  const n = Object.keys(changedOptions()).length;
  $('options-changed').textContent = n ? t('web.options.changed', { n }) : '';
  $('request-json').textContent = JSON.stringify(engineRequest(baseRequest()), null, 2);
  if (ui.lastResponse) clearResult(t('web.result.inputsChanged'));
  writeHash(currentState());
  $('share-status').textContent = '';
  markOddsStale();
  clearTimeout(oddsTimer);
  // A form restored from a link asks at once; an edit waits for a pause in the typing.
  if (ui.oddsNow) updateOdds();
  else oddsTimer = setTimeout(updateOdds, ODDS_DELAY_MS);
  showDicePanel();
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
    const early = takeOddsWorker();  // the first one, started by odds-start.mjs with its module
    const worker = oddsWorker = early ?? new Worker(new URL('./odds-worker.mjs', import.meta.url), { type: 'module' });
    // The worker's first message: the module to instantiate (null: the worker loads its own, and
    // says why it cannot).
    if (!early) engineModule.then((wasmModule) => worker.postMessage({ wasmModule }), () => worker.postMessage({ wasmModule: null }));
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
    oddsWorker.addEventListener('error', () => showOdds({ unavailable: 'web.odds.workerFailed' }));
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
    box.prepend(h('p', { class: 'stale-note', role: 'status' }, t('web.odds.stale')));
  }
  const line = $('digest-odds');
  if (line.textContent && !line.dataset.stale) {
    line.dataset.stale = 'true';
    line.firstChild.textContent = `${t('web.digest.stale')} `;
  }
}

// No figures yet: say that odds are on their way (first load, or after a refusal).
function oddsComing() {
  const box = $('odds');
  delete box.dataset.phase;
  delete box.dataset.stale;
  box.replaceChildren(h('p', { class: 'help pending odds-coming' }, t('web.odds.coming')));
  digest('odds', t('web.digest.counting'));
}

// The phone bar (#digest): the latest result's summary and the odds' gist, kept in view.
function digest(which, text) {
  const line = $(which === 'result' ? 'digest-result' : 'digest-odds');
  line.replaceChildren(...(text ? [h('span', { class: 'tag' }, `${t(which === 'result' ? 'web.digest.result' : 'web.digest.odds')} `), h('span', {}, text)] : []));
  line.title = line.textContent;
  delete line.dataset.stale;
  $('digest').hidden = !$('digest-result').textContent && !$('digest-odds').textContent;
}

function updateOdds() {
  clearTimeout(oddsTimer);
  askOdds(engineRequest(baseRequest()));
}

// A shared link's odds, asked of the worker while the page is still loading the engine and building
// the form (job -1: an answer the page does not show). When the form asks for the same request, the
// worker answers it at once.
function askOddsAhead(state) {
  const request = linkOddsRequest(state, currentLang());
  if (request) oddsWorkerReady().postMessage({ job: -1, phase: 'headline', request });
}

function showOdds(response, request, phase = 'full') {
  registerServiceWorker();  // once the first odds are on show (the first visit's precache waits for them)
  const box = $('odds');
  if (phase === 'full' || !response.ok) box.removeAttribute('aria-busy');
  delete box.dataset.stale;
  delete box.dataset.phase;  // set again below when figures are on show
  if (response.unavailable) {
    // The worker names why by a catalog id, or passes the engine's own message.
    const reason = response.unavailable.startsWith('web.') ? t(response.unavailable) : response.unavailable;
    box.replaceChildren(h('p', { class: 'help' }, t('web.odds.unavailable', { reason })));
    digest('odds', '');
    return;
  }
  // Odds follow every edit, so they double as validation: the engine's error sits by its field.
  if (!ui.lastResponse) clearInvalid();
  if (!response.ok && response.error.code === 'odds_too_complex') {
    box.replaceChildren(h('p', { class: 'help' }, t('web.odds.tooComplex', { message: response.error.message })));
    digest('odds', t('web.digest.tooComplex'));
    return;
  }
  if (!response.ok) {
    if (!ui.lastResponse) markInvalid(response.error);
    box.replaceChildren(h('p', { class: 'help' }, t('web.odds.invalid', { message: response.error.message })));
    digest('odds', '');
    return;
  }
  box.replaceChildren(...render.odds(response, describePointer, request).filter(Boolean));
  digest('odds', response.paths === 1 ? '' : render.oddsDigest(response));
  if (phase === 'headline') box.append(h('p', { class: 'help pending' }, t('web.odds.working')));
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
      words.push(`${schema?.title ?? t('web.form.item')} ${Number(part) + 1}`);
    } else {
      schema = schema?.properties?.[part];
      if (schema?.type !== 'array') words.push(schema?.title ?? part);
    }
  }
  return words.join(' › ');
}

// ----- resolving --------------------------------------------------------------------------------

function resolve({ newSeed = false } = {}) {
  const request = engineRequest(baseRequest());
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
  showResponse(response, request.dice);
  return response;
}

function showResponse(response, typedDice = null) {
  clearInvalid();
  ui.lastResponse = response.ok ? response : null;
  if (!response.ok) {
    const where = markInvalid(response.error);
    const needMore = response.error.code === 'dice_exhausted';
    $('result').replaceChildren(h('p', { class: 'error', role: 'alert' }, [
      h('strong', {}, `${t(needMore ? 'web.result.moreDice' : 'web.result.cannot')} `), response.error.message,
      response.error.path && !where ? h('code', {}, ` (${response.error.path})`) : null,
    ]));
    $('announce').textContent = `${t('web.result.cannot')} ${response.error.message}`;
    digest('result', t('web.digest.cannot', { message: response.error.message }));
    return;
  }
  const described = ui.rulesets.find((r) => r.id === response.ruleset) ?? ui.ruleset;
  // Dice typed beyond those the procedure rolled are said, never silently dropped (issue 29 item 5).
  const unused = typedDice ? typedDice.slice(response.rolls.length) : [];
  $('result').replaceChildren(...[
    unused.length ? h('p', { class: 'error', role: 'status', id: 'unused-dice' },
      t('web.result.unusedDice', { used: response.rolls.length, unused: unused.join(' ') })) : null,
    ...render.result(response, ui.engine, described.rulings,
      Object.fromEntries((described.tables ?? []).map((t) => [t.id, t.title]))),
  ].filter(Boolean));
  // A printed table wider than the screen scrolls within itself: bring the cell used into view.
  for (const cell of $('result').querySelectorAll('.printed-table td.used')) {
    const box = cell.closest('.scroll'), c = cell.getBoundingClientRect(), b = box.getBoundingClientRect();
    if (c.left < b.left || c.right > b.right) box.scrollLeft += c.left - b.left - (b.width - c.width) / 2;
  }
  digest('result', response.result.summary ?? t('web.digest.resolved'));
  $('announce').textContent = `${t('web.announce.result', { summary: response.result.summary ?? t('web.digest.resolved') })}${response.rolls.length ? ` ${t('web.announce.dice', { dice: response.rolls.map((r) => r.natural).join(', ') })}` : ''}`;
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
  const r = ui.engine.resolve({ ...baseRequest(), seed: 1, trace: false });
  return !r.ok || r.rolls.length > 0;
}

function showDicePanel() {
  const dice = rollsDice(), mode = diceMode();
  $('no-dice').hidden = dice;
  $('who-rolls').hidden = !dice;
  $('seed-box').hidden = !dice || mode === 'dice';
  $('dice-box').hidden = !dice || mode !== 'dice';
  $('dice-heading').textContent = t(dice ? 'web.dice.heading' : 'web.dice.noneHeading');
  $('roll').textContent = t(!dice ? 'web.action.workOut' : mode === 'dice' ? 'web.action.resolve' : 'web.action.roll');
}

// ----- start ----------------------------------------------------------------------------------

// ----- language (issue 28) -----------------------------------------------------------------------
// The page speaks the browser's language on a first visit, the player's choice after (kept in this
// browser), and a shared link's language when it carries one (without changing the kept choice).
const LANG_KEY = 'grapeshot-lang';

function storedLang() {
  try { return localStorage.getItem(LANG_KEY); } catch { return null; }
}

// The page's fixed words (index.html marks each with its catalog id) and everything that says which
// language the page is in.
function applyPageText() {
  for (const el of document.querySelectorAll('[data-msg]')) el.textContent = t(el.dataset.msg);
  for (const el of document.querySelectorAll('[data-msg-aria-label]')) el.setAttribute('aria-label', t(el.dataset.msgAriaLabel));
  for (const el of document.querySelectorAll('[data-msg-content]')) el.setAttribute('content', t(el.dataset.msgContent));
  document.documentElement.lang = currentLang();
  $('manifest').setAttribute('href', currentLang() === 'en' ? 'manifest.webmanifest' : `manifest.${currentLang()}.webmanifest`);
  for (const b of document.querySelectorAll('.lang-switch [data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === currentLang()));
  if (ui.engine) $('status').textContent = t('web.status.ready', { n: ui.rulesets.length });
  if (ui.engine) showDicePanel();
}

// The forms in the page's language: the engine describes them (rulesets({lang})).
function loadRulesets() {
  ui.rulesets = ui.engine.rulesets(ui.langOption ? { lang: currentLang() } : undefined).filter((r) => r.procedures.length > 0);
  $('ruleset').replaceChildren(...ui.rulesets.map((r) => new Option(r.title, r.id)));
}

/** Switches the page to `lang`: its words, the forms, and the result and odds on show (rolled again alike).
 * The engine's catalog of that language is loaded first (only English is in the module: issue 26). */
async function useLang(lang, { remember = false } = {}) {
  if (ui.engine && LANGS.includes(lang)) {
    try {
      await ui.engine.loadLanguage(lang);
    } catch (e) {
      $('status').textContent = t('web.status.failed', { message: e.message });
      return;
    }
  }
  const state = ui.engine && ui.ruleset ? currentState({ withRoll: true }) : null;
  setLang(lang);
  if (remember) try { localStorage.setItem(LANG_KEY, currentLang()); } catch { /* not kept: this page only */ }
  applyPageText();
  if (!ui.engine) return;
  loadRulesets();
  ui.gameLog?.relabel();
  if (state) restore({ ...state, lang: currentLang() });
}

function restore(state, { roll = true } = {}) {
  if (state?.lang && LANGS.includes(state.lang) && state.lang !== currentLang() && ui.engine?.languages.includes(state.lang)) {
    setLang(state.lang);
    applyPageText();
    loadRulesets();
    ui.gameLog?.relabel();
  }
  ui.oddsNow = true;  // nothing is being typed
  chooseRuleset(state?.ruleset ?? ui.rulesets[0].id, state);
  ui.oddsNow = false;
  setMode(state?.mode ?? (state?.dice ? 'dice' : 'seed'));
  if (state?.dice) $('dice').value = state.dice.join(' ');
  if (state?.seed !== undefined) $('seed').value = String(state.seed);
  ui.keepSeed = false;
  // A link with a roll reproduces its result: the same dice or the same seed.
  if (roll && (state?.seed !== undefined || (state?.dice && state.dice.length))) resolve();
}

// The rulesets' descriptions as the build wrote them (scripts/build-web.mjs: rulesets.<lang>.json, what
// engine.rulesets({lang}) answers, and each ruleset's printed outcome texts), fetched beside the engine:
// the form of a shared link is built, and its first odds asked of the worker, before this thread has
// run the engine at all (issue 26). Null when the page is served without them: the engine then says.
function describedAhead() {
  if (location.hash && !location.hash.startsWith('#s=')) return Promise.resolve(null);  // a #log= link: the game log first
  const lang = currentLang();
  return (earlyDescribed.get(lang) ?? fetch(new URL(`rulesets.${lang}.json`, import.meta.url))).then((r) => (r.ok ? r.json() : null))
    .then((d) => (d?.lang === lang && Array.isArray(d.rulesets) ? d : null), () => null);
}

async function start() {
  const engine = engineModule.then((wasmModule) => createEngine({ wasmModule, langs: [currentLang()] }))  // only the page's language is fetched
    .then(async (e) => { await e.loadLanguage(currentLang()); return e; });  // switched to while the engine loaded
  engine.catch(() => { /* said below */ });
  const link = readHash();  // before the form rewrites it
  const described = await describedAhead();
  if (described && currentLang() === described.lang) {
    ui.langOption = true;
    ui.printed = described.printed ?? null;
    ui.rulesets = described.rulesets.filter((r) => r.procedures.length > 0);
    $('ruleset').replaceChildren(...ui.rulesets.map((r) => new Option(r.title, r.id)));
    restore(link, { roll: false });  // the form and its odds; its roll once the engine is here
  }
  try {
    ui.engine = await engine;
  } catch (e) {
    throw new Error(t('web.status.engineFailed', { message: e.message }));
  }
  const formBuilt = Boolean(ui.inputs);
  if (!formBuilt) {
    // An engine that loads languages takes `lang` (issue 28; an older one would answer it as an
    // unknown field, and the page would ask in English only).
    ui.langOption = Array.isArray(ui.engine.languages);
    loadRulesets();
  }
  $('version').textContent = ui.engine.version;
  $('ruleset').addEventListener('change', () => chooseRuleset($('ruleset').value));
  $('procedure').addEventListener('change', () => chooseProcedure($('procedure').value));
  for (const r of document.querySelectorAll('input[name="dice-mode"]')) r.addEventListener('change', () => { setMode(diceMode()); changed(); });
  // A result stays on show only beside the dice that gave it.
  const diceChanged = () => { if (ui.lastResponse) clearResult(t('web.result.diceChanged')); };
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
      $('share-status').textContent = t('web.share.copied');
    } catch {
      $('share-status').textContent = t('web.share.manual');
    }
  });
  window.addEventListener('hashchange', async () => {
    const s = readHash();
    if (!s) return;
    if (LANGS.includes(s.lang)) await ui.engine.loadLanguage(s.lang).catch(() => {});  // else restore keeps the page's
    restore(s);
  });

  // Before restore, which rewrites the hash: a #log= link opens the game-log panel's check.
  ui.gameLog = initGameLog({ engine: ui.engine, rulesets: () => ui.rulesets, showResponse: (r) => {
    $('response-json').textContent = JSON.stringify(r, null, 2);
    window.__grapeshotLast = r;
    showResponse(r);
  } });
  if (!formBuilt) restore(readHash());
  else {
    showDicePanel();  // whether these inputs roll dice, known now
    if (link?.seed !== undefined || (link?.dice && link.dice.length)) resolve();  // a link with a roll: its dice or seed are in the form
  }
  for (const id of ['ruleset', 'procedure', 'roll', 'share']) $(id).disabled = false;
  $('status').textContent = t('web.status.ready', { n: ui.rulesets.length });
  window.__grapeshotReadyAt = performance.now(); // ms from navigation, for the load-time figure
  window.__grapeshotReady = true;
}

// The service worker precaches the whole site (engine included) so a reload works offline.
// Registered when the first odds are on show, or a few seconds after the page started if none come:
// its install fetches every file of the site again, which on a first visit would compete with the
// engine's start (issue 26).
let serviceWorkerRegistered = false;
function registerServiceWorker() {
  if (serviceWorkerRegistered || !('serviceWorker' in navigator)) return;
  serviceWorkerRegistered = true;
  navigator.serviceWorker.register('./sw.js').then(() => navigator.serviceWorker.ready).then(() => {
    $('offline').dataset.msg = 'web.page.offline';
    $('offline').textContent = t('web.page.offline');
  }, () => { /* not served from build/web (no sw.js): online only */ });
}

// The language first, so even "Loading…" is in the player's language: a shared link's, else the
// kept choice, else the browser's.
setCatalogs(catalogs);
setLang(readHash()?.lang ?? storedLang() ?? pickLang(navigator.languages ?? [navigator.language]));
applyPageText();
for (const b of document.querySelectorAll('.lang-switch [data-lang]')) b.addEventListener('click', () => useLang(b.dataset.lang, { remember: true }));

setTimeout(registerServiceWorker, 5000);
if (!askedAhead) askOddsAhead(readHash());
start().catch((e) => {
  // Say so on the page rather than leave "Loading…" forever.
  $('status').removeAttribute('data-msg');
  $('status').textContent = t('web.status.failed', { message: e.message });
  $('status').classList.add('error');
  throw e;
});
