// JSON text into the engine's documents, by one DOM builder (parse.cpp): requests, with their limits,
// and the data embedded at build time.
#pragma once
#include <string>

#include "error.h"
#include "json.h"

namespace grapeshot {

// Parses request text; malformed text, depth beyond a limit or invalid UTF-8 is a parse_error.
// Returns the error envelope in `error` and false on failure.
// Text over `maxBytes` is refused unparsed (request_too_large).
bool parseRequest(const std::string& text, Json& out, Json& error, std::size_t maxBytes = kMaxRequestBytes);

// Parses embedded data (a ruleset's JSON): no request limits, but a key given twice is refused as in
// requests. Throws std::logic_error naming `what` (the data is ours: a mistake is a build defect).
Json parseData(const char* text, const char* what);

}  // namespace grapeshot
