// One JSON type for the whole engine. ordered_json keeps keys in the order they were written, so
// schemas list their inputs in the printed order and responses read top-down.
#pragma once
#include <initializer_list>
#include <string>
#include <utility>

#include <nlohmann/json.hpp>

namespace grapeshot {
using Json = nlohmann::ordered_json;

// The response text of a value: compact, invalid UTF-8 replaced (never thrown: a response is always
// written).
inline std::string toText(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

// An object of the members given, in their order, its storage reserved once: cheaper than nlohmann's
// initializer list (which builds each member as a two-item array first, then converts), for the
// objects written on every request (results, rolls, trace steps, odds entries).
inline Json object(std::initializer_list<std::pair<const char*, Json>> members) {
  Json out(Json::value_t::object);
  auto& m = out.get_ref<Json::object_t&>();
  // Room for a few members added later (r["x"] = ...): growing copies every member, values and all.
  m.reserve(members.size() + 4);
  for (const auto& [k, v] : members) m.emplace_back(k, v);
  return out;
}

}  // namespace grapeshot
