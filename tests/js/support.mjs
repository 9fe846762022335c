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
