// Minimal page: pick a ruleset and procedure, edit the JSON request, resolve it in the browser.
import { createEngine } from '../bindings/js/index.js';

const $ = (id) => document.getElementById(id);
const engine = await createEngine();
const rulesets = engine.rulesets().filter((r) => r.procedures.length > 0);

// A starting request from the schema: every required input at its default or a small value.
function example(schema) {
  if (schema.default !== undefined) return schema.default;
  switch (schema.type) {
    case 'object': {
      const out = {};
      for (const key of schema.required ?? []) out[key] = example(schema.properties[key]);
      return out;
    }
    case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => example(schema.items));
    case 'integer': case 'number': return Math.max(schema.minimum ?? 0, Math.min(4, schema.maximum ?? 4));
    case 'string': return schema.enum?.[0] ?? '';
    case 'boolean': return false;
    default: return null;
  }
}

function fillProcedures() {
  const r = rulesets.find((x) => x.id === $('ruleset').value);
  $('procedure').replaceChildren(...r.procedures.map((p) => new Option(p.title, p.name)));
  fillRequest();
}

function fillRequest() {
  const r = rulesets.find((x) => x.id === $('ruleset').value);
  const p = r.procedures.find((x) => x.name === $('procedure').value);
  $('request').value = JSON.stringify({ ruleset: r.id, procedure: p.name, ...example(p.inputs) }, null, 2);
}

$('ruleset').replaceChildren(...rulesets.map((r) => new Option(r.title, r.id)));
$('ruleset').addEventListener('change', fillProcedures);
$('procedure').addEventListener('change', fillRequest);
$('request-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const response = engine.resolveJson($('request').value);
  $('response').textContent = JSON.stringify(JSON.parse(response), null, 2);
  window.__grapeshotLast = JSON.parse(response);
});
fillProcedures();
$('resolve').disabled = false;
window.__grapeshotReady = true;
