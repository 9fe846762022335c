// The calculator's own words, in the player's language (issue 28): ids web.* of the message catalog
// (src/messages/<lang>.json, the engine's catalogs; scripts/build-web.mjs writes them into
// build/web/messages.mjs, so they never reach the wasm), and numbers the language's way ("40.0 %",
// "40,0 %"). Templates are the catalog's: {name}, and {name, plural, one {…} other {…}} with # for
// the number.
export const LANGS = ['en', 'fr'];
export const DEFAULT_LANG = 'en';

let catalogs = {};
let lang = DEFAULT_LANG;

/** {en: {id: template}, fr: {…}}: the page sets them from messages.mjs, the Node tests from src/messages. */
export function setCatalogs(c) { catalogs = c; }
export function setLang(l) { lang = LANGS.includes(l) ? l : DEFAULT_LANG; }
export const currentLang = () => lang;

/** The first of `preferred` (navigator.languages: "fr-CA", "en-GB", …) the calculator speaks. */
export function pickLang(preferred = []) {
  for (const p of preferred) {
    const base = String(p).toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return DEFAULT_LANG;
}

const plurals = new Map();
const pluralRule = (l) => { if (!plurals.has(l)) plurals.set(l, new Intl.PluralRules(l)); return plurals.get(l); };

// The text between a "{" at `at` and its matching "}".
function group(t, at) {
  let depth = 1, end = at + 1;
  for (; end < t.length && depth; end++) depth += t[end] === '{' ? 1 : t[end] === '}' ? -1 : 0;
  return [t.slice(at + 1, end - 1), end];
}

function plural(options, n) {
  const cases = new Map();
  for (let at = 0; at < options.length;) {
    const m = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/y;
    m.lastIndex = at;
    const k = m.exec(options);
    if (!k) break;
    const [text, end] = group(options, m.lastIndex - 1);
    cases.set(k[1], text);
    at = end;
  }
  return cases.get(`=${n}`) ?? cases.get(pluralRule(lang).select(n)) ?? cases.get('other') ?? '';
}

/** Renders a catalog template with named parameters. */
export function format(template, params = {}, hash = null) {
  let out = '';
  for (let at = 0; at < template.length;) {
    const c = template[at];
    if (c === '#' && hash !== null) { out += number(hash); at++; continue; }
    if (c !== '{') { out += c; at++; continue; }
    const [inner, end] = group(template, at);
    const comma = inner.indexOf(',');
    if (comma < 0) out += String(params[inner.trim()] ?? '');
    else {
      const name = inner.slice(0, comma).trim();
      const rest = inner.slice(comma + 1);
      const options = rest.slice(rest.indexOf(',') + 1);
      const n = Number(params[name]);
      out += format(plural(options, n), params, n);
    }
    at = end;
  }
  return out;
}

/** Whether the catalog has `id` (for words looked up by an identifier, with a fallback). */
export const has = (id) => id in (catalogs[DEFAULT_LANG] ?? {});

/** The calculator's sentence `id` in the current language (English when French lacks it, the id as a last resort). */
export function t(id, params = {}) {
  const template = catalogs[lang]?.[id] ?? catalogs[DEFAULT_LANG]?.[id];
  return template === undefined ? id : format(template, params);
}

// ----- numbers ---------------------------------------------------------------------------------
// English keeps the figures it always showed ("12.3 %", "1.50"); French writes the decimal comma and a
// narrow no-break space before % ("12,3 %"), as Intl.NumberFormat('fr') does.
const formats = new Map();
function numberFormat(digits) {
  const key = `${lang}:${digits}`;
  if (!formats.has(key)) formats.set(key, new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }));
  return formats.get(key);
}

/** A number with `digits` decimals (like toFixed), in the language's way. */
export function decimal(x, digits) {
  return lang === 'en' ? x.toFixed(digits) : numberFormat(digits).format(x);
}

/** A whole number or a short decimal as it comes, with the language's decimal sign. */
export function number(x) {
  return lang === 'en' || typeof x !== 'number' ? String(x) : String(x).replace('.', ',');
}

const PERCENT_SPACE = { en: ' ', fr: '\u202f' };

/** 0.1234 -> "12.3 %" ("12,3 %"); tiny non-zero odds are never shown as a flat 0. */
export function percent(p, digits = 1) {
  const pct = (x) => `${decimal(x, digits)}${PERCENT_SPACE[lang] ?? ' '}%`;
  const sign = `${PERCENT_SPACE[lang] ?? ' '}%`;
  if (p > 0 && p < 0.0005) return `< ${decimal(0.1, 1)}${sign}`;
  if (p < 1 && p > 0.9995) return `> ${decimal(99.9, 1)}${sign}`;
  return pct(p * 100);
}
