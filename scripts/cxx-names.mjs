// C++ names for what the generators (gen-inputs.mjs, gen-tables.mjs, gen-results.mjs, gen-core.mjs)
// write from the JSON data, and how they write it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Writes <dir>/<name> only when its text changed: CMake runs the generators at every configure, and a
// header rewritten as it was would make every source that includes it compile again.
export function writeIfChanged(dir, name, text) {
  const path = join(dir, name);
  let old = null;
  try { old = readFileSync(path, 'utf8'); } catch {}
  if (old === text) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, text);
}

// ids-like-this, ids_like_this, idsLikeThis -> IdsLikeThis
export const pascal = (id) => id.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');

// An array's item, named from the array: units -> Unit, casualties -> Casualty, hexes -> Hex.
export function singular(name) {
  if (/ies$/.test(name)) return name.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(name)) return name.slice(0, -2);
  if (/(us|ss)$/.test(name) || !name.endsWith('s')) return `${name}Item`;
  return name.slice(0, -1);
}

// C++ keywords and alternative tokens a JSON name could be (`and`, `not`, `default`, ...): the
// generators suffix them with _.
export const kKeywords = new Set(`alignas alignof and and_eq asm auto bitand bitor bool break case catch char char16_t
  char32_t class compl const constexpr const_cast continue decltype default delete do double dynamic_cast else enum
  explicit export extern false float for friend goto if inline int long mutable namespace new noexcept not not_eq
  nullptr operator or or_eq private protected public register reinterpret_cast return short signed sizeof static
  static_assert static_cast struct switch template this thread_local throw true try typedef typeid typename union
  unsigned using virtual void volatile wchar_t while xor xor_eq`.split(/\s+/));
