// `wasmUrl` in Node (createEngine and createEngineWorker): a URL (file:, http:, https:) or a file path,
// a relative one resolved against the working directory, as every Node API reads a path (issue 29:
// it was resolved against the package).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export function nodeWasmUrl(value) {
  if (value instanceof URL) return value;
  const text = String(value);
  // A scheme of two letters or more: "C:\…" is a Windows path, not a URL.
  return /^[a-z][a-z0-9+.-]+:/i.test(text) ? new URL(text) : pathToFileURL(resolve(text));
}
