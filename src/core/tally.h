// The typed keys of a procedure's tallies (the dimensions exact odds count), generated from
// results.json's "tallies" (scripts/gen-results.mjs -> <folder>_results.h): a procedure writes
// ctx.tally(ChargeTally::outcome, Outcome::bothPassed), and a key or a value of the wrong type fails
// to compile. The key is a static literal, compared by address on the exact-odds hot path (Context::tally).
#pragma once

namespace grapeshot {

// A tally whose value is a free text (not an enum the schema lists).
struct TallyText {};

template <typename T>
struct TallyKey {
  const char* key;
};

}  // namespace grapeshot
