// Reading validated request JSON into a typed procedure's structs, once per request (ruleset.h, Play).
// The schema has already checked every value, so a mismatch here is a bug, never a request error.
#pragma once
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "json.h"

namespace grapeshot {

// An enum's schema names, in the enum's order: enumerator i is names[i].
template <std::size_t N>
using EnumNames = std::array<const char*, N>;

template <typename E, std::size_t N>
E readEnum(const Json& value, const EnumNames<N>& names) {
  const std::string& s = value.get_ref<const std::string&>();
  for (std::size_t i = 0; i < N; ++i)
    if (s == names[i]) return static_cast<E>(i);
  throw std::logic_error("\"" + s + "\" is not a value of the procedure's enum: its schema and code disagree");
}

// A field the schema may lack in some procedures: its value, or the enum's default.
template <typename E, std::size_t N>
E readEnum(const Json& object, const char* key, const EnumNames<N>& names, E fallback) {
  const auto it = object.find(key);
  return it == object.end() ? fallback : readEnum<E>(*it, names);
}

template <typename E, std::size_t N>
const char* enumName(E e, const EnumNames<N>& names) {
  return names[static_cast<std::size_t>(e)];
}

}  // namespace grapeshot
