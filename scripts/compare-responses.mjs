// Byte-identity of responses across a change (issue 25): every fixture request (resolve and odds) and
// seeded variants of each, through two grapeshot_cli builds (say, main's and a branch's), compared with
// trace, summary and messages removed (what the typed-outputs work changes deliberately) — or, with
// --exact, byte for byte (a change that must not alter any response, e.g. a speed-up). Every resolve
// is sent traced and untraced.
//   node scripts/compare-responses.mjs [--exact] [--budgets] <base cli> <new cli> [seeds per case] [ruleset filter]
// --budgets also compares the odds' decisions: every odds request, and each with sensitivity "all",
// under budgets from 1 to 5,000 sequences, and 4 at a time as batches sharing one (both CLIs from
// session 36 on: older ones read no budget).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
const exact = process.argv.includes('--exact');
const budgets = process.argv.includes('--budgets');
const [base, mine, seedsArg = '20', filter = ''] = process.argv.slice(2).filter((a) => a !== '--exact' && a !== '--budgets');
const seeds = Number(seedsArg);
const dir = fileURLToPath(new URL('../tests/fixtures/', import.meta.url));
const files = [];
const walk = (d) => { for (const e of readdirSync(d, { withFileTypes: true })) { const p = join(d, e.name); if (e.isDirectory()) walk(p); else if (p.endsWith('.json')) files.push(p); } };
walk(dir);
const resolves = [], odds = [];
for (const f of files) for (const c of JSON.parse(readFileSync(f, 'utf8')).cases) {
  if (!c.request || typeof c.request !== 'object') { if (c.text) resolves.push(c.text); continue; }
  if (filter && c.request.ruleset !== filter) continue;
  const call = c.call ?? 'resolve';
  if (call === 'odds') { odds.push(JSON.stringify(c.request)); continue; }
  if (call !== 'resolve') continue;
  resolves.push(JSON.stringify(c.request));
  if (exact && c.request.trace !== false) resolves.push(JSON.stringify({ ...c.request, trace: false }));
  const { dice, ...rest } = c.request;
  for (let s = 1; s <= seeds; s++) resolves.push(JSON.stringify({ ...rest, seed: s * 7919 + 13 }));
  for (let s = 1; s <= 3; s++) resolves.push(JSON.stringify({ ...rest, seed: s, trace: false }));
  if (seeds >= 20) odds.push(JSON.stringify({ ...rest }));
}
const strip = (v) => {
  if (Array.isArray(v)) return v.map(strip);
  if (v && typeof v === 'object') { const o = {}; for (const [k, x] of Object.entries(v)) if (!['trace', 'summary', 'messages'].includes(k)) o[k] = strip(x); return o; }
  return v;
};
const run = (cli, lines, args) => execFileSync(cli, args, { input: lines.join('\n') + '\n', maxBuffer: 1 << 30 }).toString().trim().split('\n');
let diffs = 0;
const passes = [[resolves, []], [odds, ['--odds']]];
if (budgets) {
  const both = [...odds, ...odds.map((l) => JSON.stringify({ ...JSON.parse(l), sensitivity: 'all' }))];
  for (const n of [1, 10, 60, 100, 257, 1000, 5000]) passes.push([both, ['--odds', String(n)]]);
  for (const n of [60, 1000, 30000]) passes.push([both, ['--odds-batch', '4', String(n)]]);
}
for (const [lines, args] of passes) {
  const a = run(base, lines, args), b = run(mine, lines, args);
  if (a.length !== b.length) { console.log('line counts differ', a.length, b.length); diffs++; continue; }
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (exact) {
      if (diffs++ < 5) console.log('DIFF', args.join(' '), lines[i].slice(0, 300), '\n  base:', a[i].slice(0, 600), '\n  mine:', b[i].slice(0, 600));
      continue;
    }
    let ja, jb; try { ja = JSON.parse(a[i]); jb = JSON.parse(b[i]); } catch { ja = a[i]; jb = b[i]; }
    if (JSON.stringify(strip(ja)) !== JSON.stringify(strip(jb))) {
      if (diffs++ < 5) console.log('DIFF', args.join(' '), lines[i].slice(0, 300), '\n  base:', a[i].slice(0, 600), '\n  mine:', b[i].slice(0, 600));
    }
  }
  console.log(`${args.join(' ') || 'resolve'}: ${lines.length} requests`);
}
console.log(diffs ? `${diffs} differences` : exact ? 'identical, byte for byte' : 'identical (ignoring trace, summary, messages)');
process.exit(diffs ? 1 : 0);
