// Shared by the Node tests: the engine under test and the fixture files (also run by Catch2).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from 'grapeshot';

export const fixturesDir = fileURLToPath(new URL('../fixtures/', import.meta.url));

let enginePromise;
export function engine() {
  enginePromise ??= createEngine();
  return enginePromise;
}

/** Every fixture file: [{rel, cases}], sorted like the Catch2 runner sorts them. */
export function fixtureFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.json')) out.push(p);
    }
  };
  walk(fixturesDir);
  return out.sort().map((p) => ({ rel: relative(fixturesDir, p).split('\\').join('/'), cases: JSON.parse(readFileSync(p, 'utf8')).cases }));
}

/** Runs one fixture case the way tests/native/test_fixtures.cpp does. */
export function runCase(e, c) {
  const call = c.call ?? 'resolve';
  if (call === 'lookup') return e.lookup(c.request);
  if (call === 'table') return e.table(c.request);
  if (call === 'odds') return e.odds(c.request);
  return JSON.parse(e.resolveJson(c.text ?? JSON.stringify(c.request)));
}

/** `expected` is a subset of `actual` (objects: listed keys; arrays: every element). Returns where it differs, or null. */
export function subsetMismatch(expected, actual, path = '') {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected)) {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path} (expected an object)`;
    for (const [k, v] of Object.entries(expected)) {
      if (!(k in actual)) return `${path}/${k} (missing)`;
      const m = subsetMismatch(v, actual[k], `${path}/${k}`);
      if (m) return m;
    }
    return null;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return `${path} (array length or type)`;
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(expected[i], actual[i], `${path}/${i}`);
      if (m) return m;
    }
    return null;
  }
  return Object.is(expected, actual) ? null : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

/** Each ruleset's declared result shapes (src/rulesets/<folder>/results.json), by ruleset id. */
export function resultSchemas() {
  const dir = fileURLToPath(new URL('../../src/rulesets/', import.meta.url));
  const out = {};
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory()) continue;
    const { id, procedures } = JSON.parse(readFileSync(join(dir, e.name, 'ruleset.json'), 'utf8'));
    out[id] = { declared: Object.keys(procedures), ...JSON.parse(readFileSync(join(dir, e.name, 'results.json'), 'utf8')) };
  }
  return out;
}

/** Where `value` breaks `schema` (results.json's subset: $ref, type or types, enum, properties with
 * required, items; objects are closed unless "additionalProperties": true), or null. `seen` collects every schema path that matched. */
export function resultMismatch(value, schema, defs, path = '', where = '', seen = null) {
  if (schema.$ref) {
    const name = schema.$ref.replace('#/definitions/', '');
    return resultMismatch(value, defs[name], defs, path, `#/definitions/${name}`, seen);
  }
  seen?.add(where);
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number'
    ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const types = [schema.type].flat();
  if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return `${path}: ${kind}, declared ${types.join(' or ')}`;
  if (schema.enum && !schema.enum.includes(value)) return `${path}: ${JSON.stringify(value)} is not one of the declared values`;
  if (kind === 'array' && schema.items) {
    for (let i = 0; i < value.length; i++) {
      const m = resultMismatch(value[i], schema.items, defs, `${path}/${i}`, `${where}[]`, seen);
      if (m) return m;
    }
  }
  if (kind === 'object') {
    for (const k of schema.required ?? []) if (!(k in value)) return `${path}/${k}: missing`;
    for (const [k, v] of Object.entries(value)) {
      if (!schema.properties?.[k] && schema.additionalProperties === true) continue;  // a sentence's params
      if (!schema.properties?.[k]) return `${path}/${k}: not declared`;
      const m = resultMismatch(v, schema.properties[k], defs, `${path}/${k}`, `${where}/${k}`, seen);
      if (m) return m;
    }
  }
  return null;
}
