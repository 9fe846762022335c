// How much of a procedure's source is the rule, and how much bookkeeping (issue 25's target: at most
// 25 % bookkeeping in Waterloo shock.cpp and 1866 combat.cpp).
//
//   node scripts/bookkeeping.mjs <file.cpp>...      (one line per file; --lines lists each statement)
//
// Code lines only: blank lines, comment lines and preprocessor lines are not counted. The file is read
// as statements (a statement runs from its first line until its parentheses balance and it ends in
// ";", "{" or "}"), and a statement's lines all go to one class, decided by its text (past a leading
// "}", "else" and an "if (…)" that only guards it):
//   - trace: a trace step, note or ruling (GS_STEP, GS_NOTE, GS_RULING, ctx.record/note/ruling), or
//     words made only for the trace or the rolls (`ctx.wordy() ? …`, `= words(ctx, …)`, a table of
//     message functions, `if (!ctx.tracing())`);
//   - tally: what exact odds count (`ctx.tally(…)`);
//   - write: the typed result (a `results::…` variable; an assignment to a member of one, or an
//     append to one, in its scope; `write(*out, …)`, `fill…(…)`, `if (!out) return;`, `if (out) {`; and
//     the string-keyed writes of before typed results, `w.key("…")`, `out->field(…)`, `.endObject()`);
//   - copy: an input copied into a member (`x_(in.y)` in a constructor's initializer list,
//     `x = in.y;`);
//   - rule: everything else (reading tables, rolling, deciding, applying).
// Bookkeeping is trace + tally + write + copy. A heuristic, for comparing a file with itself before and
// after a change, not an exact measure.
import { readFileSync } from 'node:fs';

const CLASSES = ['rule', 'trace', 'tally', 'write', 'copy'];

// The names of the typed results in scope (`results::X r`, `std::vector<results::X> out`, a parameter
// `results::X& o`, or `R& res` of a template that fills a result): a statement that assigns to one of
// them, or appends to it, writes the result.
const RESULT_DECL = /(?:results::\w+|std::vector<results::\w+>)(?:&)?\s+(\w+)\s*(?:[;=(,)]|$)/g;

// The class of a statement, from its text (its lines joined) and the result variables in scope.
export function classify(text, results = new Set()) {
  // The statement itself, past a closing brace, an `else` and an `if (…)` that only guards it.
  let s = text.trim().replace(/^\}\s*/, '').replace(/^else\s+/, '');
  const guard = /^if \(/.exec(s);
  if (guard) {
    let depth = 0, i = 3;
    for (; i < s.length; i++) if ((depth += s[i] === '(' ? 1 : s[i] === ')' ? -1 : 0) === 0) break;
    const body = s.slice(i + 1).trim();
    if (body && !body.startsWith('{')) s = body;
  }
  if (/^(GS_STEP|GS_NOTE|GS_RULING)\(|^ctx_?\.(record|note|ruling)\(/.test(s)) return 'trace';
  // Words made only for the trace or the rolls: a unit's or a roll's name, a table of their messages.
  if (/ctx_?\.wordy\(\) \?|= words\(ctx|Message \(\*\w+\[\]\)|^if \(!ctx_?\.tracing\(\)\)/.test(s)) return 'trace';
  if (/^ctx_?\.tally\(|^tally\w*(<[^>]*>)?\(ctx/.test(s)) return 'tally';
  const target = /^(\w+)(?:\.|->)\w+(?:\.\w+)*\s*(?:=[^=]|\.(?:assign|push_back|emplace_back|emplace)\()/.exec(s);
  if (/^(const )?(std::vector<)?results::\w+>?&? \w+( =[^=]|;|\()/.test(s) || (target && results.has(target[1])) ||
      /^write\(\*out/.test(s) || /^if \(!out\) return/.test(s) || /^if \(out\) \{/.test(s) || /^fill\w*\(\w+/.test(s) ||
      // the hand-written JSON of before typed results (w.key("…"), out->field(…), .endObject()), so a file from
      // before them counts the same way
      /^(\w+|\*\w+)(\.|->)(object|array|key|field|rawField|endObject|endArray)\(/.test(s)) return 'write';
  if (/^[:,]?\s*\w+_\((in_?|inputs?)\.[\w.]+\)[,{]?$/.test(s) || /^\w+(\.\w+)? = (in_?|inputs?)\.[\w.]+;$/.test(s)) return 'copy';
  return 'rule';
}

// Code lines grouped into statements: [{first, lines: [..]}].
export function statements(text) {
  const out = [];
  let current = null, depth = 0, inBlockComment = false;
  for (const raw of text.split('\n')) {
    let line = raw;
    if (inBlockComment) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      line = line.slice(end + 2);
      inBlockComment = false;
    }
    // Strip strings and comments for the balance count (not for the class, which reads the line).
    const code = line.replace(/"(\\.|[^"\\])*"/g, '""').replace(/'(\\.|[^'\\])*'/g, "''").replace(/\/\/.*$/, '');
    if (code.includes('/*') && !code.includes('*/')) inBlockComment = true;
    const trimmed = code.trim();
    if (!trimmed || trimmed.startsWith('#') || trimmed.startsWith('/*') || trimmed.startsWith('*')) continue;
    if (!current) current = { first: line, lines: [] };
    current.lines.push(line);
    for (const c of trimmed) depth += c === '(' || c === '[' ? 1 : c === ')' || c === ']' ? -1 : 0;
    if (depth <= 0 && /[;{}]$|^(public|private|protected):$/.test(trimmed)) {
      out.push(current);
      current = null;
      depth = 0;
    }
  }
  if (current) out.push(current);
  return out;
}

export function count(text) {
  const n = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  const listed = [];
  const scopes = [new Set()];  // result names, one set per open brace
  for (const st of statements(text)) {
    const joined = st.lines.map((l) => l.replace(/\/\/.*$/, '').trim()).join(' ');
    const scope = scopes[scopes.length - 1];
    // A template that fills a result (`fill…(R& res, …)`) names it by its parameter.
    const fill = /\bfill\w*\((?:[\w:<>]+)&\s+(\w+)/.exec(joined);
    if (fill) scope.add(fill[1]);
    for (const m of joined.matchAll(RESULT_DECL)) scope.add(m[1]);
    const c = classify(joined, scope);
    n[c] += st.lines.length;
    listed.push([c, st.lines]);
    const code = joined.replace(/"(\\.|[^"\\])*"/g, '""');
    for (const ch of code) {
      if (ch === '{') scopes.push(new Set(scopes[scopes.length - 1]));
      if (ch === '}' && scopes.length > 1) scopes.pop();
    }
  }
  const total = CLASSES.reduce((a, c) => a + n[c], 0);
  const bookkeeping = total - n.rule;
  return { ...n, total, bookkeeping, share: total ? bookkeeping / total : 0, listed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const lines = args.includes('--lines');
  for (const f of args.filter((a) => a !== '--lines')) {
    const r = count(readFileSync(f, 'utf8'));
    console.log(`${f}: ${r.total} code lines, bookkeeping ${r.bookkeeping} (${(100 * r.share).toFixed(1)} %): ` +
      `trace ${r.trace}, tally ${r.tally}, write ${r.write}, copy ${r.copy}; rule ${r.rule}`);
    if (lines) for (const [c, ls] of r.listed) if (c !== 'rule') for (const l of ls) console.log(`  ${c.padEnd(5)} ${l}`);
  }
}
