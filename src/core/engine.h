// The engine's entry points. Every one returns an envelope and never throws: a caller's mistake is
// {ok:false, error:{code, message, path}}, anything else is internal_error.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "error.h"
#include "json.h"
#include "parse.h"

namespace grapeshot {

inline constexpr const char* kEngineVersion = "0.1.0";

// {ruleset, procedure, options?, dice?|seed?, ...inputs} -> {ok, ruleset, procedure, result, rolls, trace, seed?}
// `fallbackSeed` is used when the request carries neither dice nor seed (a batch passes each item's);
// without one the engine draws from std::random_device, only then (in WASM: crypto.getRandomValues).
Json resolve(const Json& request, std::optional<std::uint32_t> fallbackSeed = std::nullopt);
std::string resolveJson(const std::string& text, std::optional<std::uint32_t> fallbackSeed = std::nullopt);
// The response to `request` appended to `out` as text (what resolveJson and batches write).
void appendResolve(const Json& request, std::string& out, std::optional<std::uint32_t> fallbackSeed = std::nullopt);
// The same for a request its caller will not read again: its inputs are moved out, not copied.
void appendResolve(Json&& request, std::string& out, std::optional<std::uint32_t> fallbackSeed = std::nullopt);

// {ruleset, table, column, roll, options?} -> {ok, cell, ...}: one printed cell of a grid table.
Json lookup(const Json& request);
// The same answer (or error envelope) as JSON text, appended to `out` with no document built: what
// the binding and lookup batches send.
void appendLookup(const Json& request, std::string& out);
// {ruleset, table} -> {ok, table}: a printed table as transcribed (for rendering).
Json table(const Json& request);
// Every ruleset: id, title, procedures with their input schemas, options, tables.
const Json& describe(Lang lang = Lang::en);

class Ruleset;
// A request checked and split: its ruleset, canonical procedure name, options and inputs (defaults
// filled). Throws RequestError. Shared by resolve and odds.
struct Prepared {
  const Ruleset* ruleset = nullptr;
  std::string name;
  Json options;
  Json inputs;
};
// `consumable` (optional): `request` itself, when its caller will not read its inputs again, so that
// validation moves them out instead of copying them (envelope fields are left in place).
Prepared prepare(const Json& request, Json* consumable = nullptr);
// The request's `lang` ("en", the default, or "fr"; issue 28): the language its sentences are rendered
// in (LangScope). Throws RequestError (wrong_type, invalid_value; path /lang).
Lang requestLang(const Json& request);

// Where a request's dice come from: `dice`, `seed` or `commitReveal` (at most one), each checked, and
// whether it asks for a receipt. Throws RequestError. Resolve uses it; odds calls it too, so it
// refuses exactly what resolve refuses although it rolls nothing.
struct DiceChoice {
  bool hasDice = false, hasSeed = false, hasCommit = false, wantReceipt = false;
  std::vector<int> dice;
  std::uint32_t seed = 0;  // the given seed, or the one commit–reveal derives
};
DiceChoice checkDiceSource(const Json& request, const Prepared& prepared);

// The other envelope fields resolve and odds both accept, checked by both the same way (issue 30:
// odds took `trace: "no"`, resolve took any `sensitivity`): `trace` (boolean, default true) and
// `sensitivity` (true, false or "all"; default true). Throws RequestError.
struct EnvelopeChoice {
  bool tracing = true;
  bool sensitivity = true;  // odds: the what-if table
  bool allChoices = false;  // "all": every other value of each choice input too
};
EnvelopeChoice checkEnvelope(const Json& request);

// A typed lookup batch for bots: `header` {ruleset, table, options?, side?} and `n` (column, roll)
// pairs -> into `codes`, for each pair the index of its cell in the answer's `cells` (the distinct
// cell texts, first-seen order; a printed blank is ""), or -1 where the column is not on the table.
// Rolls beyond the printed rows read the end rows, as in lookup(). Answers {ok: true, cells} or the
// error envelope (codes then empty).
Json lookupCodes(const Json& header, const std::int32_t* pairs, std::size_t n, std::vector<std::int32_t>& codes);

// {ok: true, canonical, hash}: the canonical form of a request (what commit–reveal binds the seed
// to; receipt.h canonicalRequest) and its SHA-256 in hex, or the request's error envelope.
Json canonical(const Json& request);

Json errorEnvelope(const std::string& code, const std::string& message, const std::string& path);
// {ok: false, error: {code, message, path, messages: {message: {id, params}}}}: the message as text
// and, when it is a sentence of the catalog, as its structured form.
Json errorEnvelope(const RequestError& e);

// The envelope of the exception being handled (call only inside a catch): a RequestError's own,
// anything else internal_error.
Json currentErrorEnvelope();
// Runs an entry point: a RequestError becomes its envelope, anything else internal_error.
template <typename F>
Json guarded(F&& f) {
  try {
    return f();
  } catch (...) {
    return currentErrorEnvelope();
  }
}

}  // namespace grapeshot
