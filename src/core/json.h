// One JSON type for the whole engine. ordered_json keeps keys in the order they were written, so
// schemas list their inputs in the printed order and responses read top-down.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <nlohmann/json.hpp>

namespace grapeshot {
using Json = nlohmann::ordered_json;

// Appends the response text of a value: compact, invalid UTF-8 replaced (never thrown: a response
// is always written) — byte for byte what nlohmann's dump(-1, ' ', false, replace) writes, without
// its per-character output adapter (tests/native/test_json.cpp holds the two equal).
void appendJson(std::string& out, const Json& v);
// Appends `text` as a JSON string, exactly as appendJson(Json(text)) writes it.
void appendJsonString(std::string& out, std::string_view text);

inline std::string toText(const Json& v) {
  std::string out;
  appendJson(out, v);
  return out;
}

// An object of the members given, in their order, its storage reserved once: cheaper than nlohmann's
// initializer list (which builds each member as a two-item array first, then converts), for the
// objects written on every request (results, rolls, trace steps, odds entries). The braced list is
// taken as an array whose values are moved in — an initializer_list's are const, so every value,
// nested arrays and objects and all, would be copied once more.
template <std::size_t N>
Json object(std::pair<const char*, Json> (&&members)[N]) {
  Json out(Json::value_t::object);
  auto& m = out.get_ref<Json::object_t&>();
  // Room for a few members added later (r["x"] = ...): growing copies every member, values and all.
  m.reserve(N + 4);
  for (auto& [k, v] : members) m.emplace_back(k, std::move(v));
  return out;
}

}  // namespace grapeshot
