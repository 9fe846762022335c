// Roll receipts and the two-player commit–reveal seed (README "Receipts and fair dice").
//
// A receipt records what was asked and what came of it: engine version, the ruleset's data hash
// (SHA-256 of its embedded JSON), the request (with its effective options and the seed made
// explicit), the seed, the natural rolls and the result. verify() re-derives the rolls and result
// from the request and reports every way the receipt disagrees with the engine.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "json.h"

namespace grapeshot {

class Ruleset;

inline constexpr const char* kReceiptFormat = "grapeshot-receipt/2";

// commitment = hex(SHA-256("grapeshot commit v2" || 0x00 || role || secret)); role is the byte 'A'
// or 'B' (so a secret committed as A cannot be revealed as B), secret = 32 bytes.
std::string commitmentFor(char role, const std::string& secretBytes);
// seed = first 4 bytes, big-endian, of SHA-256("grapeshot seed v2" || 0x00 || secretA || secretB ||
// requestHash || context): the seed is bound to the request both sides agreed (its canonical hash,
// 32 bytes) and to the context label.
std::uint32_t deriveSeed(const std::string& secretA, const std::string& secretB, const std::string& requestHash,
                         const std::string& context);
// The canonical form of a validated request: {inputs, options, procedure, ruleset} with defaults
// filled, keys sorted, no whitespace; and its SHA-256 (32 bytes). Two requests that mean the same
// resolution have the same canonical form.
std::string canonicalRequest(const std::string& ruleset, const std::string& procedure, const Json& options,
                             const Json& inputs);
std::string canonicalRequestHash(const std::string& canonical);
// A context label: printable ASCII, no leading, trailing or doubled spaces, at most 256 bytes, so two
// labels that look alike are alike (ASCII is NFC by construction; invisible and control characters,
// NBSP and zero-width spaces are refused). Throws invalid_value / wrong_type / out_of_range at `path`.
void checkContext(const Json& context, const std::string& path);

// The request field `commitReveal: {commitments: [hexA, hexB], secrets: [hexA, hexB], context?}`:
// refuses equal commitments or secrets (conflicting_fields), checks each secret against its role's
// commitment and returns the seed derived with `requestHash`. Throws RequestError (wrong_type,
// invalid_value, missing_field, unknown_field, conflicting_fields, commitment_mismatch) under `path`.
std::uint32_t commitRevealSeed(const Json& commitReveal, const std::string& path, const std::string& requestHash);

// Where a resolution's dice came from, as a receipt states it.
inline constexpr const char* kDiceSupplied = "supplied";          // `dice` in the request
inline constexpr const char* kDiceSeed = "seed";                  // a seed the requester chose
inline constexpr const char* kDiceDrawn = "drawn";                // a seed the engine drew
inline constexpr const char* kDiceCommitReveal = "commitReveal";  // two players' secrets

// The request's `receipt` field: absent or false -> false, true -> true, else wrong_type at /receipt.
bool receiptRequested(const Json& request);

// The receipt for a resolution that succeeded; `diceSource` is one of the kDice* values.
Json makeReceipt(const Ruleset& rs, const Json& request, const Json& options, std::optional<std::uint32_t> seed,
                 const char* diceSource, const Json& rolls, const Json& result);

// {ok:true, valid, diceSource, problems:[{code, path, message}]} or {ok:false, error} for a receipt
// that is not one (wrong shape). With `requireCommitReveal`, a receipt whose dice did not come from
// commit–reveal is not valid (problem dice_source_mismatch). Never throws.
Json verify(const Json& receipt, bool requireCommitReveal = false);
std::string verifyJson(const std::string& text, bool requireCommitReveal = false);

}  // namespace grapeshot
