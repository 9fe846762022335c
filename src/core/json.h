// One JSON type for the whole engine. ordered_json keeps keys in the order they were written, so
// schemas list their inputs in the printed order and responses read top-down.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace grapeshot {
using Json = nlohmann::ordered_json;

// The response text of a value: compact, invalid UTF-8 replaced (never thrown: a response is always
// written).
inline std::string toText(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace grapeshot
