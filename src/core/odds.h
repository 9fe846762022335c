// Exact odds: a procedure is run once for every sequence of die faces it can roll (depth-first,
// each sequence weighted 1 / product of its dice's faces), and the outcomes it tallies
// (Context::tally) are summed as exact fractions. No sampling, and no procedure-specific code:
// every procedure of every ruleset gets odds, chained rolls included.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "fraction.h"
#include "json.h"

namespace grapeshot {

// The work exact odds may do for one call (base and sensitivity together), in die sequences.
inline constexpr std::uint64_t kMaxOddsPaths = 250'000;

// {ruleset, procedure, options?, ...inputs, sensitivity?} -> {ok, ruleset, procedure, paths,
// headline (when the procedure declares one), distributions, expected, sensitivity}. Dice, seed,
// commitReveal and trace are checked as resolve checks them (supplied dice played once: a face off
// its die or too few dice is refused), then ignored. A request over
// `maxPaths` is odds_too_complex (the fuzz targets pass a small budget).
// The answer as JSON text, written as it is computed (what the WASM binding returns); odds() is the
// same, parsed (for native hosts and tests).
std::string oddsText(const Json& request, std::uint64_t maxPaths = kMaxOddsPaths);
Json odds(const Json& request, std::uint64_t maxPaths = kMaxOddsPaths);

// An array of requests -> the JSON text of an array of responses, each the text of the one-by-one
// call, except that the odds of a batch share one budget and the answers together stay under
// kMaxBatchOutputBytes: from the first item whose answer would pass it, each item is answered
// request_too_large (path "/<index>") instead, the answers before it kept. `call` is "resolve", "odds" or "lookup". Item i of a
// resolve batch without dice or seed takes batchItemSeed(fallbackSeed, i). Each answer is written
// straight into the text (what the WASM binding returns): no array of answers is built.
// The batch seed is 32 bytes (256 bits, drawn by the host from a CSPRNG): with 32 bits, one item's
// seed gave the batch seed away by exhaustive search, and with it every other item's.
using BatchSeed = std::array<std::uint8_t, 32>;
std::string batchText(const Json& requests, const std::string& call, const BatchSeed& fallbackSeed,
                      std::uint64_t maxOddsPaths = kMaxOddsPaths);
// The same, parsed (for native hosts and tests).
Json batch(const Json& requests, const std::string& call, const BatchSeed& fallbackSeed,
           std::uint64_t maxOddsPaths = kMaxOddsPaths);
// The first 4 bytes, big-endian, of SHA-256("grapeshot batch v2" || 0x00 || seed (32 bytes) || index
// (4 bytes big-endian)).
std::uint32_t batchItemSeed(const BatchSeed& seed, std::uint32_t index);
// Tests and benchmarks: a fixed 32-bit number as the batch seed's last 4 bytes (big-endian), the
// others zero. Only for reproducible runs: such a seed can be searched for.
BatchSeed testBatchSeed(std::uint32_t n);
inline std::string batchText(const Json& requests, const std::string& call, std::uint32_t testSeed,
                             std::uint64_t maxOddsPaths = kMaxOddsPaths) {
  return batchText(requests, call, testBatchSeed(testSeed), maxOddsPaths);
}
inline Json batch(const Json& requests, const std::string& call, std::uint32_t testSeed,
                  std::uint64_t maxOddsPaths = kMaxOddsPaths) {
  return batch(requests, call, testBatchSeed(testSeed), maxOddsPaths);
}
inline std::uint32_t batchItemSeed(std::uint32_t testSeed, std::uint32_t index) {
  return batchItemSeed(testBatchSeed(testSeed), index);
}

}  // namespace grapeshot
