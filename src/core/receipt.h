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

inline constexpr const char* kReceiptFormat = "grapeshot-receipt/1";

// commitment = hex(SHA-256("grapeshot commit v1" || 0x00 || secret)), secret = 32 bytes.
std::string commitmentFor(const std::string& secretBytes);
// seed = first 4 bytes, big-endian, of SHA-256("grapeshot seed v1" || 0x00 || secretA || secretB || context).
std::uint32_t deriveSeed(const std::string& secretA, const std::string& secretB, const std::string& context);

// The request field `commitReveal: {commitments: [hexA, hexB], secrets: [hexA, hexB], context?}`:
// checks both secrets against their commitments and returns the derived seed. Throws RequestError
// (wrong_type, invalid_value, missing_field, unknown_field, commitment_mismatch) with paths under `path`.
std::uint32_t commitRevealSeed(const Json& commitReveal, const std::string& path);

// The request's `receipt` field: absent or false -> false, true -> true, else wrong_type at /receipt.
bool receiptRequested(const Json& request);

// The receipt for a resolution that succeeded.
Json makeReceipt(const Ruleset& rs, const Json& request, const Json& options, std::optional<std::uint32_t> seed,
                 const Json& rolls, const Json& result);

// {ok:true, valid, problems:[{code, path, message}], ...} or {ok:false, error} for a receipt that is
// not one (wrong shape). Never throws.
Json verify(const Json& receipt);
std::string verifyJson(const std::string& text);

}  // namespace grapeshot
