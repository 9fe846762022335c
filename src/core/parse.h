// JSON text into the engine's documents, by one DOM builder (parse.cpp): requests, with their limits,
// and the data embedded at build time.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "error.h"
#include "json.h"

namespace grapeshot {

// Parses request text; malformed text, depth beyond a limit or invalid UTF-8 is a parse_error.
// Returns the error envelope in `error` and false on failure.
// Text over `maxBytes` is refused unparsed (request_too_large).
bool parseRequest(const std::string& text, Json& out, Json& error, std::size_t maxBytes = kMaxRequestBytes);
// The same with nlohmann's parser alone. parseRequest reads the usual text (ASCII strings, integers)
// itself and leaves the rest to nlohmann's; the tests hold the two to the same answers.
bool parseRequestByNlohmann(const std::string& text, Json& out, Json& error, std::size_t maxBytes = kMaxRequestBytes);

// Parses embedded data (a ruleset's JSON): no request limits, but a key given twice is refused as in
// requests. Throws std::logic_error naming `what` (the data is ours: a mistake is a build defect).
Json parseData(std::string_view text, const char* what);

// The members of an object's text in embedded data, in order: each key (a plain id, no escapes) and
// its value's text, found by matching brackets and skipping strings, with nothing built or checked
// inside the values. A ruleset's tables are parsed one by one when first read, not all at load
// (under Liftoff, parsing data is most of a cold start). Throws std::logic_error as parseData.
std::vector<std::pair<std::string_view, std::string_view>> dataMembers(std::string_view object, const char* what);

}  // namespace grapeshot
