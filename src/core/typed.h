// Reading validated request JSON into a typed procedure's structs, once per request (ruleset.h, Play).
// The schema has already checked every value, so a mismatch here is a bug, never a request error.
#pragma once
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

#include "json.h"

namespace grapeshot {

// An enum's schema names, in the enum's order: enumerator i is names[i].
template <std::size_t N>
using EnumNames = std::array<const char*, N>;

// The index of a validated string among `names` (one function for every enum: not inlined per field).
std::size_t enumIndex(const Json& value, const char* const* names, std::size_t n);

template <typename E, std::size_t N>
E readEnum(const Json& value, const EnumNames<N>& names) {
  return static_cast<E>(enumIndex(value, names.data(), N));
}

// Scalars of a validated request, as the generated readers (<folder>_inputs.cpp) take them: calls,
// not nlohmann's conversions inlined at every field.
int readInt(const Json& v);
long long readInt64(const Json& v);
double readNumber(const Json& v);
bool readBool(const Json& v);
std::string readString(const Json& v);

// A validated object's members read by name, by the generated readers (a unit's dozen fields): keys
// compared as string_views, each search starting after the last member found — validation writes the
// members in the schema's order, which the readers follow — where Json::value(key) builds a
// std::string for every key it looks up and compares it with each member before it.
class Fields {
 public:
  explicit Fields(const Json& object)
      : members_(object.get_ref<const Json::object_t&>().data()), size_(object.get_ref<const Json::object_t&>().size()) {}

  const Json* find(std::string_view key) const {
    const std::size_t n = size_;
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t i = next_ + k < n ? next_ + k : next_ + k - n;
      if (std::string_view(members_[i].first) == key) {
        next_ = i + 1 < n ? i + 1 : 0;
        return &members_[i].second;
      }
    }
    return nullptr;
  }
  // A member the schema requires (std::out_of_range without it: a bug, never a request error).
  const Json& at(std::string_view key) const {
    if (const Json* v = find(key)) return *v;
    throw std::out_of_range("no member \"" + std::string(key) + "\" where the schema requires one");
  }

 private:
  const Json::object_t::value_type* members_;
  std::size_t size_;
  mutable std::size_t next_ = 0;
};

template <typename E, std::size_t N>
const char* enumName(E e, const EnumNames<N>& names) {
  return names[static_cast<std::size_t>(e)];
}

// Whether `list` is the first part of `all`, name for name, in order: then a value of the enum of
// `list` maps to the enum of `all` by its position. For static_assert, where code maps a generated
// enum onto a longer hand-written one, or onto a chart's columns, by position.
constexpr bool sameName(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}
template <std::size_t N, std::size_t M>
constexpr bool namesLead(const EnumNames<N>& list, const EnumNames<M>& all) {
  if (N > M) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (!sameName(list[i], all[i])) return false;
  return true;
}

}  // namespace grapeshot
