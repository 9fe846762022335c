// Builds form controls from the engine's input schemas (the JSON Schema subset in
// docs/architecture.md), so a new ruleset or procedure needs no UI code. Every field carries
// data-path (its JSON Pointer), which error messages and tests use to find it.
import { h, titleCase } from './dom.mjs';

let uid = 0;
const nextId = (stem) => `f${++uid}-${stem.replace(/[^a-zA-Z0-9_-]/g, '')}`;

// The schema's own opening value (`examples`: a 1866 fire opens on a unit in the target hex, a rally on
// a disorganized unit), where the default would open on a case with nothing to resolve.
const opening = (schema) => (schema.examples?.length ? structuredClone(schema.examples[0]) : undefined);

/** A starting value for a required input that has no default: the smallest sensible one. */
export function example(schema) {
  if (schema.examples?.length) return opening(schema);
  if (schema.default !== undefined) return structuredClone(schema.default);
  switch (schema.type) {
    case 'object': {
      const out = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        const v = (schema.required ?? []).includes(key) ? example(sub) : initial(sub);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    case 'array': return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () => example(schema.items));
    case 'integer': case 'number': return Math.max(schema.minimum ?? 0, Math.min(4, schema.maximum ?? 4));
    case 'string': return schema.enum?.[0] ?? '';
    case 'boolean': return false;
    default: return undefined;
  }
}

// The value an optional input starts with: its default, or nothing (objects are always shown).
function initial(schema) {
  if (schema.examples?.length) return opening(schema);
  if (schema.default !== undefined) return structuredClone(schema.default);
  if (schema.type === 'object') return example(schema);
  if (schema.type === 'array' && schema.minItems) return example(schema);
  return undefined;
}

const describedBy = (el, help) => { if (help) el.setAttribute('aria-describedby', help.id); return el; };
function helpText(schema, extra = '') {
  const bits = [schema.description, extra].filter(Boolean).join(' ');
  return bits ? h('p', { class: 'help', id: nextId('help') }, bits) : null;
}
function range(schema) {
  const lo = schema.minimum, hi = schema.maximum;
  const n = (x) => String(x).replace('-', '−'); // a real minus sign reads better than a hyphen
  if (lo !== undefined && hi !== undefined) return `${n(lo)} to ${n(hi)}.`;
  if (lo !== undefined) return `At least ${n(lo)}.`;
  if (hi !== undefined) return `At most ${n(hi)}.`;
  return '';
}

/**
 * A control for `schema` at JSON Pointer `path`: {el, get(), set(value)}. get() returns undefined for
 * an optional input left empty, so the engine applies its own default or absence rule.
 * `onChange` fires on every edit (and after add/remove of list items).
 */
export function control(schema, { path, name, label, required = false, onChange }) {
  const title = label ?? schema.title ?? titleCase(name ?? 'value');
  switch (schema.type) {
    case 'object': return objectControl(schema, { path, title, onChange });
    case 'array': return arrayControl(schema, { path, title, required, onChange });
    case 'boolean': return booleanControl(schema, { path, title, onChange });
    default:
      if (schema.enum) return enumControl(schema, { path, title, required, onChange });
      return scalarControl(schema, { path, title, required, onChange });
  }
}

function objectControl(schema, { path, title, onChange }) {
  const req = schema.required ?? [];
  // A field that means something only for some values of a sibling (`x-relevantWhen`, e.g. heavy
  // cavalry only for cavalry) is hidden otherwise and left out of the request, so the form never
  // offers a combination the engine refuses (V-27).
  const relevant = (sub) => Object.entries(sub['x-relevantWhen'] ?? {})
    .every(([sibling, values]) => values.includes(byKey.get(sibling)?.get()));
  const refresh = () => {
    for (const [key, c] of children) if (schema.properties[key]['x-relevantWhen']) c.el.hidden = !relevant(schema.properties[key]);
  };
  const changed = () => { refresh(); onChange?.(); };
  const children = Object.entries(schema.properties ?? {}).map(([key, sub]) => [key, control(sub, {
    path: `${path}/${key}`, name: key, required: req.includes(key), onChange: changed,
  })]);
  const byKey = new Map(children);
  // The top level needs no frame of its own; nested objects (a side, a commander) get a fieldset.
  const body = children.map(([, c]) => c.el);
  const help = helpText(schema);
  const el = path === ''
    ? h('div', { class: 'object' }, body)
    : h('fieldset', { class: 'object', 'data-path': path }, [h('legend', {}, title), help, ...body]);
  return {
    el,
    get() {
      const out = {};
      for (const [key, c] of children) {
        if (schema.properties[key]['x-relevantWhen'] && !relevant(schema.properties[key])) continue;
        const v = c.get();
        if (v !== undefined) out[key] = v;
      }
      return out;
    },
    set(value = {}) {
      for (const [key, c] of children) {
        const sub = schema.properties[key];
        c.set(value[key] !== undefined ? value[key] : req.includes(key) ? example(sub) : initial(sub));
      }
      refresh();
    },
  };
}

function arrayControl(schema, { path, title, required, onChange }) {
  const min = schema.minItems ?? 0, max = schema.maxItems ?? Infinity;
  const itemTitle = schema.items?.title ?? 'Item';
  const items = [];
  const list = h('ol', { class: 'items' });
  const add = h('button', { type: 'button', class: 'add' }, `Add ${itemTitle.toLowerCase()}`);
  const status = h('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const help = helpText(schema, min === max ? '' : `${min}${max === Infinity ? ' or more' : `–${max}`} ${min === 1 && max === 1 ? 'item' : 'items'}.`);
  const el = h('fieldset', { class: 'array', 'data-path': path }, [h('legend', {}, title), help, list, add, status]);

  function renumber() {
    items.forEach((it, i) => {
      it.legend.textContent = `${itemTitle} ${i + 1}`;
      it.remove.textContent = `Remove ${itemTitle.toLowerCase()} ${i + 1}`;
      it.remove.disabled = items.length <= min;
      it.rebase(i);
    });
    add.disabled = items.length >= max;
  }
  function append(value) {
    const i = items.length;
    const c = control(schema.items, { path: `${path}/${i}`, name: itemTitle, label: `${itemTitle} ${i + 1}`, required: true, onChange });
    const remove = h('button', { type: 'button', class: 'remove' });
    const li = h('li', {}, [c.el, remove]);
    // The item's heading: an object's legend, or a scalar's label.
    const legend = c.el.querySelector('legend, label');
    const item = {
      c, li, remove, legend,
      // Paths follow the item's position, so error pointers and tests find the right unit.
      rebase(i) {
        for (const node of [li, ...li.querySelectorAll('[data-path]')]) {
          const old = node.getAttribute('data-path');
          if (!old?.startsWith(`${path}/`)) continue;
          const rest = old.slice(path.length + 1), end = rest.indexOf('/');
          node.setAttribute('data-path', `${path}/${i}${end < 0 ? '' : rest.slice(end)}`);
        }
      },
    };
    remove.addEventListener('click', () => {
      const at = items.indexOf(item);
      items.splice(at, 1);
      li.remove();
      renumber();
      status.textContent = `${itemTitle} ${at + 1} removed; ${items.length} left.`;
      (items[Math.min(at, items.length - 1)]?.remove ?? add).focus();
      onChange?.();
    });
    items.push(item);
    list.append(li);
    c.set(value);
    renumber();
  }
  add.addEventListener('click', () => {
    append(example(schema.items));
    status.textContent = `${itemTitle} ${items.length} added.`;
    items.at(-1).li.querySelector('input, select, button')?.focus();
    onChange?.();
  });
  return {
    el,
    // An optional list left empty (e.g. a step loss order, W-37) is left out: the engine's default applies.
    get: () => (items.length === 0 && !required && !schema.minItems ? undefined : items.map((it) => it.c.get())),
    set(value) {
      const values = Array.isArray(value) ? value : required || schema.minItems ? example(schema) : [];
      items.splice(0).forEach((it) => it.li.remove());
      for (const v of values) append(v);
      renumber();
    },
  };
}

function booleanControl(schema, { path, title, onChange }) {
  const id = nextId(path);
  const input = h('input', { type: 'checkbox', id, 'data-path': path });
  const help = helpText(schema);
  input.addEventListener('change', () => onChange?.());
  return {
    el: h('div', { class: 'field check' }, [describedBy(input, help), h('label', { for: id }, title), help]),
    // An unticked box without a default is left out, so "absent" keeps the engine's meaning.
    get: () => (input.checked || schema.default !== undefined ? input.checked : undefined),
    set(v) { input.checked = v ?? schema.default ?? false; },
  };
}

function enumControl(schema, { path, title, required, onChange }) {
  const labels = schema['x-enumLabels'] ?? schema.enum.map((v) => titleCase(String(v)));
  const help = helpText(schema);
  const optional = !required && schema.default === undefined;
  const short = schema.enum.length <= 3 && labels.join('').length <= 36 && !optional;
  // A few long choices too, one per line: a select would cut them off on a phone.
  const long = !short && schema.enum.length <= 6 && labels.some((l) => l.length > 30) && !optional;
  if (short || long) {
    // A few short choices read best as radio buttons.
    const name = nextId(path);
    const radios = schema.enum.map((v, i) => {
      const id = `${name}-${i}`;
      const input = h('input', { type: 'radio', name, id, value: String(i) });
      input.addEventListener('change', () => onChange?.());
      return [input, h('span', { class: 'radio' }, [input, h('label', { for: id }, labels[i])])];
    });
    const el = h('fieldset', { class: `field radios${long ? ' stacked' : ''}`, 'data-path': path }, [h('legend', {}, title), ...radios.map(([, s]) => s), help]);
    if (help) el.setAttribute('aria-describedby', help.id);
    return {
      el,
      get() { const at = radios.findIndex(([r]) => r.checked); return at < 0 ? undefined : schema.enum[at]; },
      set(v) {
        const at = Math.max(0, schema.enum.indexOf(v ?? schema.default));
        radios.forEach(([r], i) => { r.checked = i === at; });
      },
    };
  }
  const id = nextId(path);
  const select = h('select', { id, 'data-path': path }, [
    optional ? h('option', { value: '' }, '— not given —') : null,
    ...schema.enum.map((v, i) => h('option', { value: String(i) }, labels[i])),
  ]);
  select.addEventListener('change', () => onChange?.());
  return {
    el: h('div', { class: 'field' }, [h('label', { for: id }, title), describedBy(select, help), help]),
    get: () => (select.value === '' ? undefined : schema.enum[Number(select.value)]),
    set(v) {
      const at = schema.enum.indexOf(v ?? schema.default);
      select.value = at < 0 ? (optional ? '' : '0') : String(at);
    },
  };
}

function scalarControl(schema, { path, title, required, onChange }) {
  // An index into a sibling list (x-indexOf, e.g. a step loss order naming units) is typed as the
  // form numbers that list, from 1; the request keeps the engine's index from 0.
  if (schema['x-indexOf'] && schema.type === 'integer') {
    const { 'x-indexOf': _list, ...plain } = schema;
    const one = { ...plain, minimum: (schema.minimum ?? 0) + 1, maximum: schema.maximum === undefined ? undefined : schema.maximum + 1 };
    const c = scalarControl(one, { path, title, required, onChange });
    c.el.querySelector('.help')?.append(' 1 = the first listed.');
    return {
      el: c.el,
      get() { const v = c.get(); return typeof v === 'number' ? v - 1 : v; },
      set(v) { c.set(typeof v === 'number' ? v + 1 : v); },
    };
  }
  const id = nextId(path);
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const input = h('input', numeric
    ? { id, 'data-path': path, type: 'number', inputmode: schema.type === 'integer' ? 'numeric' : 'decimal',
      step: schema.type === 'integer' ? '1' : 'any', min: schema.minimum, max: schema.maximum, required: required || null }
    : { id, 'data-path': path, type: 'text', required: required || null });
  const help = helpText(schema, numeric ? range(schema) : '');
  input.addEventListener('input', () => onChange?.());
  return {
    // A required input is marked in words as well as by the attribute, and starts filled (example()).
    el: h('div', { class: 'field' }, [h('label', { for: id }, [title, required ? h('span', { class: 'required' }, ' (required)') : null]),
      describedBy(input, help), help]),
    get() {
      if (input.value.trim() === '') return undefined;
      if (!numeric) return input.value;
      const n = Number(input.value);
      // Out-of-range or fractional numbers go to the engine as typed; its error names the field.
      return Number.isFinite(n) ? n : input.value;
    },
    set(v) { input.value = v === undefined || v === null ? '' : String(v); },
  };
}
