// The game-log panel (docs/game-log.md): a game played at this screen (hot seat) or by message, each
// roll of the calculator appended to the log; the log saved as a file or a link; any log opened and
// checked offline, entry by entry, in plain words. The game (and, by message, this player's secret)
// is kept in this browser's localStorage only: nothing is sent anywhere.
import {
  acceptEntry, acceptGame, answerRoll, completeRoll, forfeitRoll, hotseatRoll, joinGame, newGame, requestRoll, verifyGameLog,
} from './bindings/js/index.js';
import { h } from './dom.mjs';
import { has, t } from './i18n.mjs';

const STORE = 'grapeshot-game-log';
const $ = (id) => document.getElementById(id);

// What went wrong, in the players' words (the codes of docs/game-log.md and of the protocol): the
// catalog's web.gl.problem.<code>. The same codes met while exchanging messages mean something about
// the message, not the log: web.gl.message.<code> where it says so.
const problem = (code) => (has(`web.gl.problem.${code}`) ? t(`web.gl.problem.${code}`, { open: '{', close: '}' }) : null);

// A request the engine refused, with its path made the form's again (the protocol says /request/…).
const formError = (error) => ({ ok: false, error: { ...error, path: error.path.replace(/^\/request(?=\/|$)/, '') } });

const plain = (error) => problem(error.code) ?? error.message;
// A message's problem: in words, or the engine's own message for a combat it cannot resolve.
const plainMessage = (error) => (has(`web.gl.message.${error.code}`) ? t(`web.gl.message.${error.code}`) : plain(error));

function load() {
  try { return JSON.parse(localStorage.getItem(STORE)) ?? null; } catch { return null; }
}

export function initGameLog({ engine, rulesets: rulesetsNow, showResponse }) {
  // The page's rulesets, in its language (a function: they change when the language does).
  const rulesets = () => (typeof rulesetsNow === 'function' ? rulesetsNow() : rulesetsNow);
  let game = load();  // {mode: 'hotseat' | 'message', log, players?: {A, B}, me?, proposal?, outbox?, names}
  const save = () => {
    try {
      if (game) localStorage.setItem(STORE, JSON.stringify(game)); else localStorage.removeItem(STORE);
    } catch {
      // Storage refused (private browsing, full): the game goes on in this page only.
      $('gl-storage').textContent = t('web.gl.noStorage');
    }
  };
  const procTitle = (form) => {
    const rs = rulesets().find((r) => r.id === form.ruleset);
    const p = rs?.procedures.find((x) => x.name === form.procedure);
    return t('web.gl.procTitle', { procedure: p?.title ?? form.procedure, ruleset: rs?.title ?? form.ruleset });
  };
  const say = (text, error = false) => {
    $('gl-status').textContent = text;
    $('gl-status').classList.toggle('error', error);
  };

  // ----- the log and its report ---------------------------------------------------------------

  function report(v, box, { names } = {}) {
    if (!v.ok) { box.replaceChildren(h('p', { class: 'error' }, plain(v.error))); return; }
    const who = names ?? v.header?.players ?? { A: t('web.gl.firstPlayerLower'), B: t('web.gl.secondPlayerLower') };
    const items = [];
    const headerProblems = v.problems.filter((p) => p.seq === 0);
    if (headerProblems.length) items.push(h('li', { class: 'bad' }, [h('strong', {}, `${t('web.gl.openingLine')} `), headerProblems.map((p) => plain(p)).join(' ')]));
    for (const e of v.entries) {
      const mine = v.problems.filter((p) => p.line === e.line);
      items.push(h('li', { class: e.valid ? 'good' : 'bad' }, [
        h('strong', {}, t('web.gl.roll', { seq: e.seq })), e.by ? ` ${t('web.gl.asked', { name: who[e.by], procedure: procTitle(e.request) })}` : '',
        e.rolls ? h('span', { class: 'dice' }, ` ${t('web.gl.dice', { dice: e.rolls.join(' ') })}`) : '',
        e.summary ? h('p', {}, e.summary) : null,
        e.forfeit ? h('p', {}, t('web.gl.forfeitBy', { name: who[e.by] })) : null,
        h('p', { class: 'verdict' }, e.valid ? t('web.gl.checksOut') : `✗ ${[...new Set(mine.map(plain))].join(' ')}`),
      ]));
    }
    const first = v.problems[0];
    const verdict = v.valid
      ? t('web.gl.valid', { n: v.entries.length, a: who.A, b: who.B })
      : first.seq === 0 ? t('web.gl.invalidHeader') : t('web.gl.invalidAt', { seq: first.seq, line: first.line });
    box.replaceChildren(h('p', { class: v.valid ? 'verdict good' : 'verdict bad', role: 'status' }, verdict), items.length ? h('ol', { class: 'gl-entries' }, items) : null);
    window.__grapeshotGameLogReport = v;  // for tests: what is on show
  }

  function showGame() {
    const active = !!game;
    $('gl-start-box').hidden = active;
    $('gl-game-box').hidden = !active;
    $('gl-game-actions').hidden = !active;
    $('gl-outbox-box').hidden = !game?.outbox;
    if (game?.outbox) $('gl-outbox').value = game.outbox.text;
    if (game?.outbox) $('gl-outbox-help').textContent = outboxHelp(game.outbox.help);
    $('gl-by-box').hidden = game?.mode !== 'hotseat' || !game?.log;
    $('gl-inbox-label').textContent = game?.mode === 'hotseat' ? t('web.gl.inboxHotseat') : game ? t('web.gl.inboxFrom', { name: opponentName() }) : t('web.gl.inboxJoin');
    $('gl-inbox-box').hidden = game?.mode === 'hotseat';
    $('gl-forfeit').hidden = !game?.me?.answered;
    if (game?.me?.answered) $('gl-forfeit').textContent = t('web.gl.forfeitButton', { name: opponentName(), seq: game.me.answered.seq });
    if (!active) {
      $('gl-entries-box').replaceChildren();
      window.__grapeshotGameLog = '';
      return;
    }
    $('gl-by').replaceChildren(...['A', 'B'].map((r) => new Option(game.names[r], r)));
    if (game.by) $('gl-by').value = game.by;
    $('gl-heading-game').textContent = `${t('web.gl.gameHeading', { a: game.names.A, b: game.names.B })}${game.title ? ` — ${game.title}` : ''}`;
    for (const id of ['gl-export', 'gl-link']) $(id).disabled = !game.log;
    if (game.log) report(verifyGameLog(engine, game.log), $('gl-entries-box'), { names: game.names });
    else $('gl-entries-box').replaceChildren(h('p', { class: 'help' }, t('web.gl.waitingSend', { name: opponentName() })));
    window.__grapeshotGameLog = game.log ?? '';
  }

  const opponentName = () => (game?.me ? game.names[game.me.role === 'A' ? 'B' : 'A'] : '');
  // The help is kept as a catalog id and its parameters, so it follows the page's language.
  const outbox = (text, id, params) => { game.outbox = { text, help: { id, params } }; };
  const outboxHelp = (help) => (typeof help === 'string' ? help : t(help.id, help.params));

  // ----- starting, joining, playing -----------------------------------------------------------

  function start() {
    const names = { A: $('gl-name-a').value.trim(), B: $('gl-name-b').value.trim() };
    const mode = $('gl-mode-message').checked ? 'message' : 'hotseat';
    const ids = rulesets().map((r) => r.id);
    const title = $('gl-title').value.trim();
    const first = newGame(engine, { players: names, role: 'A', rulesets: ids, title });
    if (!first.ok) {
      say(first.error.path.startsWith('/players') ? t('web.gl.badNames') : plain(first.error), true);
      return;
    }
    if (mode === 'hotseat') {
      const second = joinGame(engine, first.proposal);
      const accepted = acceptGame(engine, first.player, first.proposal, second.log);
      game = { mode, names, title, log: accepted.log, players: { A: first.player, B: second.player }, by: 'A' };
      say(t('web.gl.startedHotseat'));
    } else {
      game = { mode, names, title, me: first.player, proposal: first.proposal, log: '' };
      outbox(first.proposal, 'web.gl.sendProposal', { name: names.B });
      say(t('web.gl.proposed', { name: names.B }));
    }
    save();
    showGame();
  }

  function read() {
    const text = $('gl-inbox').value.trim();
    let m;
    try { m = JSON.parse(text); } catch { say(problem('parse_error'), true); return; }
    if (m === null || typeof m !== 'object') { say(t('web.gl.message.wrong_type'), true); return; }
    let r;
    if (m.format === 'grapeshot-game-proposal/1') {
      if (game && !window.confirm(t('web.gl.confirmJoin'))) return;
      r = joinGame(engine, text);
      if (r.ok) {
        const names = m.players;
        game = { mode: 'message', names, title: m.title, me: r.player, log: r.log };
        outbox(r.log.trim(), 'web.gl.sendStart', { name: names[r.player.role === 'A' ? 'B' : 'A'] });
        say(t('web.gl.joined', { name: names[r.player.role] }));
      }
    } else if (!game?.me) {
      say(t('web.gl.startFirst'), true);
      return;
    } else if (m.format === 'grapeshot-game-log/1') {
      r = acceptGame(engine, game.me, game.proposal, `${text}\n`);
      if (r.ok) {
        game.log = r.log;
        delete game.proposal;
        delete game.outbox;
        say(t('web.gl.opponentJoined', { name: opponentName() }));
      }
    } else if (m.format === 'grapeshot-roll-request/1') {
      r = answerRoll(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        outbox(r.message, 'web.gl.sendAnswer', { name: opponentName() });
        say(t('web.gl.askedFor', { name: opponentName(), procedure: procTitle(m.request) }));
      }
    } else if (m.format === 'grapeshot-roll-answer/1') {
      r = completeRoll(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        game.log = r.log;
        outbox(r.entry, 'web.gl.sendEntry', { name: opponentName() });
        say(t('web.gl.rolled', { summary: r.resolution.result.summary }));
        showResponse(r.resolution);
      }
    } else if ('seq' in m && 'reveals' in m) {
      r = acceptEntry(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        game.log = r.log;
        delete game.outbox;
        say(r.entry.forfeit ? t('web.gl.forfeitRecorded', { seq: r.entry.seq }) : t('web.gl.added', { seq: r.entry.seq, summary: r.entry.summary }));
      }
    } else {
      say(t('web.gl.message.wrong_type'), true);
      return;
    }
    if (!r.ok) { say(plainMessage(r.error), true); return; }
    $('gl-inbox').value = '';
    save();
    showGame();
  }

  /** The calculator's Roll while a game is on: true when the panel took the roll. */
  function roll(request) {
    if (!game) return false;
    if (!game.log) { say(t('web.gl.notStarted', { name: opponentName() }), true); return true; }
    if (game.mode === 'hotseat') {
      game.by = $('gl-by').value;
      const r = hotseatRoll(engine, game.log, game.players, game.by, request);
      if (!r.ok) { showResponse(formError(r.error)); say(plainMessage(r.error), true); return true; }
      game.log = r.log;
      game.players = r.players;
      showResponse(r.resolution);
      say(t('web.gl.addedFor', { seq: game.log.trimEnd().split('\n').length - 1, name: game.names[game.by] }));
    } else {
      const r = requestRoll(engine, game.log, game.me, request);
      if (!r.ok) { showResponse(formError(r.error)); say(plainMessage(r.error), true); return true; }
      game.me = r.player;
      outbox(r.message, 'web.gl.sendRequest', { name: opponentName() });
      say(t('web.gl.requestReady', { procedure: procTitle(JSON.parse(r.message).request), name: opponentName() }));
    }
    save();
    showGame();
    return true;
  }

  // ----- saving and opening logs -------------------------------------------------------------

  function exportLog() {
    const url = URL.createObjectURL(new Blob([game.log], { type: 'application/x-ndjson' }));
    const name = `${(game.title || `${game.names.A} v ${game.names.B}`).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'game'}.jsonl`;
    const a = h('a', { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  const toBase64Url = (text) => btoa(Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const fromBase64Url = (b64) => new TextDecoder().decode(Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

  function check(text) {
    $('gamelog-panel').open = true;
    report(verifyGameLog(engine, text), $('gl-report'));
  }

  function openLinked() {
    const m = /^#log=([A-Za-z0-9_-]*)$/.exec(location.hash);
    if (!m) return false;
    let text;
    try { text = fromBase64Url(m[1]); } catch { text = null; }
    if (text === null) $('gl-report').replaceChildren(h('p', { class: 'error' }, t('web.gl.badLink')));
    else check(text);
    $('gamelog-panel').open = true;
    return true;
  }

  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      say(done);
    } catch {
      say(t('web.gl.copyRefused'));
    }
  }

  // ----- wiring --------------------------------------------------------------------------------

  const nameLabels = () => {
    const message = $('gl-mode-message').checked;
    $('gl-name-a-label').textContent = t(message ? 'web.gl.yourName' : 'web.gl.firstPlayer');
    $('gl-name-b-label').textContent = t(message ? 'web.gl.yourOpponent' : 'web.gl.secondPlayer');
  };
  $('gl-mode-hotseat').addEventListener('change', nameLabels);
  $('gl-mode-message').addEventListener('change', nameLabels);
  nameLabels();
  $('gl-start').addEventListener('click', start);
  $('gl-read').addEventListener('click', read);
  $('gl-copy').addEventListener('click', () => copy($('gl-outbox').value, t('web.gl.messageCopied')));
  $('gl-export').addEventListener('click', exportLog);
  $('gl-forfeit').addEventListener('click', () => {
    if (!window.confirm(t('web.gl.confirmForfeit', { seq: game.me.answered.seq, name: opponentName() }))) return;
    const r = forfeitRoll(engine, game.log, game.me);
    if (!r.ok) { say(plainMessage(r.error), true); return; }
    game.me = r.player;
    game.log = r.log;
    outbox(r.entry, 'web.gl.sendForfeit', { name: opponentName() });
    say(t('web.gl.forfeitBy2', { seq: JSON.parse(r.entry).seq, name: opponentName() }));
    save();
    showGame();
  });
  $('gl-link').addEventListener('click', () => copy(`${location.origin}${location.pathname}#log=${toBase64Url(game.log)}`, t('web.gl.linkCopied')));
  $('gl-end').addEventListener('click', () => {
    if (!window.confirm(t('web.gl.confirmEnd'))) return;
    game = null;
    save();
    showGame();
    say(t('web.gl.ended'));
  });
  $('gl-file').addEventListener('change', async () => {
    const file = $('gl-file').files[0];
    if (file) check(await file.text());
  });
  $('gl-check').addEventListener('click', () => check($('gl-paste').value));
  $('gl-by').addEventListener('change', () => { game.by = $('gl-by').value; save(); });
  window.addEventListener('hashchange', openLinked);
  const linked = openLinked();
  if (game) $('gamelog-panel').open = true;
  showGame();
  if (game && !linked) say(game.log ? t('web.gl.open') : t('web.gl.waiting', { name: opponentName() }));
  // After a change of language: the panel's words again (a status line stays as it was said).
  const relabel = () => { nameLabels(); showGame(); };
  return { roll, active: () => !!game, linked, relabel };
}
