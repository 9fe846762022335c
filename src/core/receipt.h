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

// Receipts made now; verify() also reads grapeshot-receipt/2 (issue 30), as what it is: commitments
// that bind only role and secret, and a drawn seed written into the request like a chosen one.
inline constexpr const char* kReceiptFormat = "grapeshot-receipt/3";
inline constexpr const char* kReceiptFormatV2 = "grapeshot-receipt/2";

// Commit–reveal, version 3 (issue 30): each commitment binds the request both sides agreed (its
// canonical hash, 32 bytes) and the context label, so the same secrets cannot serve another request
// or context and nothing is left to choose once a secret is revealed:
// commitment = hex(SHA-256("grapeshot commit v3" || 0x00 || role || requestHash || secret || context));
// role is the byte 'A' or 'B' (a secret committed as A cannot be revealed as B), secret = 32 bytes.
std::string commitmentFor(char role, const std::string& secretBytes, const std::string& requestHash,
                          const std::string& context);
// seed = first 4 bytes, big-endian, of SHA-256("grapeshot seed v3" || 0x00 || secretA || secretB ||
// requestHash || context).
std::uint32_t deriveSeed(const std::string& secretA, const std::string& secretB, const std::string& requestHash,
                         const std::string& context);
// Version 2 (grapeshot-receipt/2, verified only): commitment = hex(SHA-256("grapeshot commit v2" ||
// 0x00 || role || secret)), seed as above with "grapeshot seed v2". The commitment binds neither
// request nor context: with the secrets known, both could be chosen afterwards.
std::string commitmentForV2(char role, const std::string& secretBytes);
std::uint32_t deriveSeedV2(const std::string& secretA, const std::string& secretB, const std::string& requestHash,
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
// `version` 3 (what resolve accepts) or 2 (verifying a grapeshot-receipt/2).
std::uint32_t commitRevealSeed(const Json& commitReveal, const std::string& path, const std::string& requestHash,
                               int version = 3);

// Where a resolution's dice came from, as a receipt states it.
inline constexpr const char* kDiceSupplied = "supplied";          // `dice` in the request
// "seed" and "drawn" differ in the request (grapeshot-receipt/3): a chosen seed is the request's
// `seed`, a drawn one only the receipt's. Neither is evidence against its maker: a requester can
// choose a seed and write either receipt; only commit–reveal is a seed neither side chose alone.
inline constexpr const char* kDiceSeed = "seed";                  // a seed the requester chose
inline constexpr const char* kDiceDrawn = "drawn";                // a seed the engine drew
inline constexpr const char* kDiceCommitReveal = "commitReveal";  // two players' secrets

// The request's `receipt` field: absent or false -> false, true -> true, else wrong_type at /receipt.
bool receiptRequested(const Json& request);

// The receipt for a resolution that succeeded; `diceSource` is one of the kDice* values.
Json makeReceipt(const Ruleset& rs, const Json& request, const Json& options, std::optional<std::uint32_t> seed,
                 const char* diceSource, const Json& rolls, const Json& result);

// {ok:true, valid, format, diceSource, problems:[{code, path, message}]} or {ok:false, error} for a
// receipt that is not one (wrong shape). With `requireCommitReveal`, a receipt whose dice did not
// come from commit–reveal is not valid (problem dice_source_mismatch), nor is a grapeshot-receipt/2
// commit–reveal, whose commitments bind no request or context (problem commitment_unbound). Never throws.
Json verify(const Json& receipt, bool requireCommitReveal = false);
std::string verifyJson(const std::string& text, bool requireCommitReveal = false);

}  // namespace grapeshot
