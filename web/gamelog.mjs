// The game-log panel (docs/game-log.md): a game played at this screen (hot seat) or by message, each
// roll of the calculator appended to the log; the log saved as a file or a link; any log opened and
// checked offline, entry by entry, in plain words. The game (and, by message, this player's secret)
// is kept in this browser's localStorage only: nothing is sent anywhere.
import {
  acceptEntry, acceptGame, answerRoll, completeRoll, forfeitRoll, hotseatRoll, joinGame, newGame, requestRoll, verifyGameLog,
} from './bindings/js/index.js';
import { h } from './dom.mjs';

const STORE = 'grapeshot-game-log';
const $ = (id) => document.getElementById(id);

// What went wrong, in the players' words (the codes of docs/game-log.md and of the protocol).
const PLAIN = {
  not_json: 'This line is not a log entry: it is damaged or was cut short.',
  not_canonical: 'This line was reformatted or edited by hand.',
  bad_header: 'The game\'s opening line is missing something or has something added.',
  bad_entry: 'This roll is missing something or has something added.',
  engine_mismatch: 'The log was made with another version of grapeshot, so this one cannot vouch for its results.',
  unknown_ruleset: 'The log uses rules this version of grapeshot does not have.',
  data_hash_mismatch: 'The log was made with other tables for these rules, so this version cannot vouch for its results.',
  wrong_game: 'This roll belongs to another game.',
  sequence_gap: 'Rolls are missing, repeated or out of order here.',
  broken_link: 'This roll does not follow the line before it: something before it was changed, removed or moved.',
  bad_reveal: 'A player\'s hidden dice number here is not the next one they committed to: the dice were tampered with.',
  chain_exhausted: 'The game has more rolls than its players committed dice for.',
  ruleset_not_in_header: 'This roll uses rules the game did not list at the start.',
  request_not_canonical: 'The combat asked for was changed after it was sent.',
  request_hash_mismatch: 'The combat asked for was changed after it was sent.',
  request_rejected: 'grapeshot cannot resolve the combat asked for.',
  seed_mismatch: 'The dice are not the ones this roll gives: the roll was changed.',
  rolls_mismatch: 'The dice are not the ones this roll gives.',
  result_mismatch: 'The result is not the one the rules give for these dice.',
  answer_mismatch: 'This is not the roll your opponent answered, or not the one you answered.',
  already_answered: 'You already answered a different roll at this point of the game. That roll stands, or is forfeit; it is never rolled again.',
  invalid_log: 'The game\'s log in this browser does not check out.',
  parse_error: 'This is not a whole message: copy all of it, from the first { to the last }.',
  request_too_large: 'This is too large to be a game log.',
  wrong_type: 'This is not a game log.',
};

// The same codes met while exchanging messages mean something about the message, not the log.
const MESSAGE_PLAIN = {
  wrong_game: 'This message is for another game.',
  sequence_gap: 'This message is not for the next roll of your game: a message was missed, or pasted twice.',
  broken_link: 'This message follows another version of the game\'s log than yours: compare your logs.',
  bad_reveal: 'Your opponent\'s hidden dice number is not the next one they committed to: the answer was tampered with.',
  invalid_value: 'This message is not meant for you, or not for this game.',
  wrong_type: 'This is not a grapeshot game message.',
  request_too_large: 'This message is too long to be a grapeshot game message.',
};

// A request the engine refused, with its path made the form's again (the protocol says /request/…).
const formError = (error) => ({ ok: false, error: { ...error, path: error.path.replace(/^\/request(?=\/|$)/, '') } });

const plain = (error) => PLAIN[error.code] ?? error.message;
// A message's problem: in words, or the engine's own message for a combat it cannot resolve.
const plainMessage = (error) => MESSAGE_PLAIN[error.code] ?? plain(error);

function load() {
  try { return JSON.parse(localStorage.getItem(STORE)) ?? null; } catch { return null; }
}

export function initGameLog({ engine, rulesets, showResponse }) {
  let game = load();  // {mode: 'hotseat' | 'message', log, players?: {A, B}, me?, proposal?, outbox?, names}
  const save = () => {
    try {
      if (game) localStorage.setItem(STORE, JSON.stringify(game)); else localStorage.removeItem(STORE);
    } catch {
      // Storage refused (private browsing, full): the game goes on in this page only.
      $('gl-storage').textContent = 'This browser does not keep the game: save the log as a file after each roll, and keep this page open.';
    }
  };
  const procTitle = (form) => {
    const rs = rulesets.find((r) => r.id === form.ruleset);
    const p = rs?.procedures.find((x) => x.name === form.procedure);
    return `${p?.title ?? form.procedure} (${rs?.title ?? form.ruleset})`;
  };
  const say = (text, error = false) => {
    $('gl-status').textContent = text;
    $('gl-status').classList.toggle('error', error);
  };

  // ----- the log and its report ---------------------------------------------------------------

  function report(v, box, { names } = {}) {
    if (!v.ok) { box.replaceChildren(h('p', { class: 'error' }, plain(v.error))); return; }
    const who = names ?? v.header?.players ?? { A: 'first player', B: 'second player' };
    const items = [];
    const headerProblems = v.problems.filter((p) => p.seq === 0);
    if (headerProblems.length) items.push(h('li', { class: 'bad' }, [h('strong', {}, 'Opening line: '), headerProblems.map((p) => plain(p)).join(' ')]));
    for (const e of v.entries) {
      const mine = v.problems.filter((p) => p.line === e.line);
      items.push(h('li', { class: e.valid ? 'good' : 'bad' }, [
        h('strong', {}, `Roll ${e.seq}`), e.by ? ` — ${who[e.by]} asked: ${procTitle(e.request)}` : '',
        e.rolls ? h('span', { class: 'dice' }, ` · dice ${e.rolls.join(' ')}`) : '',
        e.summary ? h('p', {}, e.summary) : null,
        e.forfeit ? h('p', {}, `Not completed by ${who[e.by]}: a forfeit, which counts against them and is never rolled again.`) : null,
        h('p', { class: 'verdict' }, e.valid ? '✓ Checks out.' : `✗ ${[...new Set(mine.map(plain))].join(' ')}`),
      ]));
    }
    const first = v.problems[0];
    const verdict = v.valid
      ? `This log checks out: ${v.entries.length} roll${v.entries.length === 1 ? '' : 's'} between ${who.A} and ${who.B}, each resolved again here.`
      : `This log does not check out. The first problem is at ${first.seq === 0 ? 'the opening line' : `roll ${first.seq} (line ${first.line})`}.`;
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
    if (game?.outbox) $('gl-outbox-help').textContent = game.outbox.help;
    $('gl-by-box').hidden = game?.mode !== 'hotseat' || !game?.log;
    $('gl-inbox-label').textContent = game?.mode === 'hotseat' ? 'Paste a message' : game ? `Paste what ${opponentName()} sent you` : 'Joining a game? Paste the proposal you were sent';
    $('gl-inbox-box').hidden = game?.mode === 'hotseat';
    $('gl-forfeit').hidden = !game?.me?.answered;
    if (game?.me?.answered) $('gl-forfeit').textContent = `${opponentName()} never completed roll ${game.me.answered.seq}: record a forfeit`;
    if (!active) {
      $('gl-entries-box').replaceChildren();
      window.__grapeshotGameLog = '';
      return;
    }
    $('gl-by').replaceChildren(...['A', 'B'].map((r) => new Option(game.names[r], r)));
    if (game.by) $('gl-by').value = game.by;
    $('gl-heading-game').textContent = `${game.names.A} and ${game.names.B}${game.title ? ` — ${game.title}` : ''}`;
    for (const id of ['gl-export', 'gl-link']) $(id).disabled = !game.log;
    if (game.log) report(verifyGameLog(engine, game.log), $('gl-entries-box'), { names: game.names });
    else $('gl-entries-box').replaceChildren(h('p', { class: 'help' }, `Waiting for ${opponentName()} to join: send the message above.`));
    window.__grapeshotGameLog = game.log ?? '';
  }

  const opponentName = () => (game?.me ? game.names[game.me.role === 'A' ? 'B' : 'A'] : '');
  const outbox = (text, help) => { game.outbox = { text, help }; };

  // ----- starting, joining, playing -----------------------------------------------------------

  function start() {
    const names = { A: $('gl-name-a').value.trim(), B: $('gl-name-b').value.trim() };
    const mode = $('gl-mode-message').checked ? 'message' : 'hotseat';
    const ids = rulesets.map((r) => r.id);
    const title = $('gl-title').value.trim();
    const first = newGame(engine, { players: names, role: 'A', rulesets: ids, title });
    if (!first.ok) {
      say(first.error.path.startsWith('/players') ? 'Give both players a name, each different (no more than 100 letters).' : plain(first.error), true);
      return;
    }
    if (mode === 'hotseat') {
      const second = joinGame(engine, first.proposal);
      const accepted = acceptGame(engine, first.player, first.proposal, second.log);
      game = { mode, names, title, log: accepted.log, players: { A: first.player, B: second.player }, by: 'A' };
      say(`Game started. Each roll of the calculator is added to the log, for the player chosen below.`);
    } else {
      game = { mode, names, title, me: first.player, proposal: first.proposal, log: '' };
      outbox(first.proposal, `Send this to ${names.B}. Their answer, pasted below, starts the game.`);
      say(`Game proposed. Send the message to ${names.B}.`);
    }
    save();
    showGame();
  }

  function read() {
    const text = $('gl-inbox').value.trim();
    let m;
    try { m = JSON.parse(text); } catch { say(PLAIN.parse_error, true); return; }
    if (m === null || typeof m !== 'object') { say('This is not a grapeshot game message.', true); return; }
    let r;
    if (m.format === 'grapeshot-game-proposal/1') {
      if (game && !window.confirm('Join this new game and leave the current one?')) return;
      r = joinGame(engine, text);
      if (r.ok) {
        const names = m.players;
        game = { mode: 'message', names, title: m.title, me: r.player, log: r.log };
        outbox(r.log.trim(), `Send this to ${names[r.player.role === 'A' ? 'B' : 'A']}: it starts the game.`);
        say(`You joined the game as ${names[r.player.role]}.`);
      }
    } else if (!game?.me) {
      say('Start or join a game first.', true);
      return;
    } else if (m.format === 'grapeshot-game-log/1') {
      r = acceptGame(engine, game.me, game.proposal, `${text}\n`);
      if (r.ok) {
        game.log = r.log;
        delete game.proposal;
        delete game.outbox;
        say(`${opponentName()} joined. Roll with the calculator: each roll sends ${opponentName()} a request.`);
      }
    } else if (m.format === 'grapeshot-roll-request/1') {
      r = answerRoll(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        outbox(r.message, `Send this answer to ${opponentName()}; their reply completes the roll.`);
        say(`${opponentName()} asked for ${procTitle(m.request)}. Send your answer.`);
      }
    } else if (m.format === 'grapeshot-roll-answer/1') {
      r = completeRoll(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        game.log = r.log;
        outbox(r.entry, `Send this to ${opponentName()}: it adds the roll to their log.`);
        say(`Rolled: ${r.resolution.result.summary}`);
        showResponse(r.resolution);
      }
    } else if ('seq' in m && 'reveals' in m) {
      r = acceptEntry(engine, game.log, game.me, text);
      if (r.ok) {
        game.me = r.player;
        game.log = r.log;
        delete game.outbox;
        say(r.entry.forfeit ? `Roll ${r.entry.seq} was recorded as your forfeit.` : `Roll ${r.entry.seq} added: ${r.entry.summary}`);
      }
    } else {
      say('This is not a grapeshot game message.', true);
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
    if (!game.log) { say(`The game has not started: ${opponentName()} has not joined yet.`, true); return true; }
    if (game.mode === 'hotseat') {
      game.by = $('gl-by').value;
      const r = hotseatRoll(engine, game.log, game.players, game.by, request);
      if (!r.ok) { showResponse(formError(r.error)); say(plainMessage(r.error), true); return true; }
      game.log = r.log;
      game.players = r.players;
      showResponse(r.resolution);
      say(`Roll ${game.log.trimEnd().split('\n').length - 1} added for ${game.names[game.by]}.`);
    } else {
      const r = requestRoll(engine, game.log, game.me, request);
      if (!r.ok) { showResponse(formError(r.error)); say(plainMessage(r.error), true); return true; }
      game.me = r.player;
      outbox(r.message, `Send this request to ${opponentName()}, then paste their answer below: the dice are rolled then.`);
      say(`Request ready for ${procTitle(JSON.parse(r.message).request)}. Send it to ${opponentName()}.`);
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
    if (text === null) $('gl-report').replaceChildren(h('p', { class: 'error' }, 'The link does not hold a whole log: was it copied whole?'));
    else check(text);
    $('gamelog-panel').open = true;
    return true;
  }

  async function copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      say(done);
    } catch {
      say('Copying is not allowed here: select the text and copy it yourself.');
    }
  }

  // ----- wiring --------------------------------------------------------------------------------

  $('gl-mode-hotseat').addEventListener('change', () => { $('gl-name-a-label').textContent = 'First player'; $('gl-name-b-label').textContent = 'Second player'; });
  $('gl-mode-message').addEventListener('change', () => { $('gl-name-a-label').textContent = 'Your name'; $('gl-name-b-label').textContent = 'Your opponent'; });
  $('gl-start').addEventListener('click', start);
  $('gl-read').addEventListener('click', read);
  $('gl-copy').addEventListener('click', () => copy($('gl-outbox').value, 'Message copied: paste it into your e-mail or chat.'));
  $('gl-export').addEventListener('click', exportLog);
  $('gl-forfeit').addEventListener('click', () => {
    if (!window.confirm(`Record roll ${game.me.answered.seq} as forfeit by ${opponentName()}? Do it only when they will not send the roll.`)) return;
    const r = forfeitRoll(engine, game.log, game.me);
    if (!r.ok) { say(plainMessage(r.error), true); return; }
    game.me = r.player;
    game.log = r.log;
    outbox(r.entry, `Send this to ${opponentName()}: it records the forfeit in their log too.`);
    say(`Roll ${JSON.parse(r.entry).seq} recorded as forfeit by ${opponentName()}.`);
    save();
    showGame();
  });
  $('gl-link').addEventListener('click', () => copy(`${location.origin}${location.pathname}#log=${toBase64Url(game.log)}`, 'Link to this log copied.'));
  $('gl-end').addEventListener('click', () => {
    if (!window.confirm('End this game? Save the log first: it is removed from this browser.')) return;
    game = null;
    save();
    showGame();
    say('Game ended.');
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
  if (game && !linked) say(game.log ? 'Your game is open: each roll of the calculator is added to it.' : `Waiting for ${opponentName()} to join.`);
  return { roll, active: () => !!game, linked };
}
