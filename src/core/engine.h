// The engine's entry points. Every one returns an envelope and never throws: a caller's mistake is
// {ok:false, error:{code, message, path}}, anything else is internal_error.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "json.h"

namespace grapeshot {

inline constexpr const char* kEngineVersion = "0.1.0";

// {ruleset, procedure, options?, dice?|seed?, ...inputs} -> {ok, ruleset, procedure, result, rolls, trace, seed?}
// `fallbackSeed` is used when the request carries neither dice nor seed (the JS wrapper draws it
// from crypto.getRandomValues); without one the native engine draws from std::random_device.
Json resolve(const Json& request, std::optional<std::uint32_t> fallbackSeed = std::nullopt);
std::string resolveJson(const std::string& text, std::optional<std::uint32_t> fallbackSeed = std::nullopt);

// {ruleset, table, column, roll, options?} -> {ok, cell, ...}: one printed cell of a grid table.
Json lookup(const Json& request);
// {ruleset, table} -> {ok, table}: a printed table as transcribed (for rendering).
Json table(const Json& request);
// Every ruleset: id, title, procedures with their input schemas, options, tables.
const Json& describe();

// Parses JSON text; malformed text, depth beyond a limit or invalid UTF-8 is a parse_error.
// Returns the error envelope in `error` and false on failure.
bool parseRequest(const std::string& text, Json& out, Json& error);
Json errorEnvelope(const std::string& code, const std::string& message, const std::string& path);

}  // namespace grapeshot
