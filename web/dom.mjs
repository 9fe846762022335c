// Tiny DOM helpers: the page builds everything with createElement (no innerHTML), which keeps
// engine text inert and needs nothing the strict CSP forbids.

/** h('p', {class: 'x', for: id}, ['text', node, null]) — null/false attributes and children are skipped. */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of Array.isArray(children) ? children : [children]) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

/** "attackerFinal" -> "Attacker Final", "stepsLost" -> "Steps Lost", "W14_blank" -> "W14 Blank". */
export function titleCase(key) {
  const words = String(key).replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2').trim().split(/\s+/).filter(Boolean);
  // Punctuation-only values (a printed "-") are shown as they are.
  return words.length ? words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ') : String(key);
}

// Percentages in the page's language ("12.3 %", "12,3 %"): web/i18n.mjs.
export { percent } from './i18n.mjs';

export const fraction = (f) => (f ? `${f.num}/${f.den}` : '');

/** A signed number for modifiers: +1, −2 (a real minus sign), 0. */
export const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0');
