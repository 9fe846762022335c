// The printed constants (core/printed.h) as JSON: for the cells Grid answers with, the options its
// patches compare, and the generated <folder>_printed_json.h, with which the tests hold each
// ruleset's constants equal to its tables.json.
#pragma once
#include <string>

#include "json.h"
#include "printed.h"

namespace grapeshot::printed {

inline Json toJson(const Value& v) {
  switch (v.kind) {
    case Value::null: return Json();
    case Value::boolean: return Json(v.flag);
    case Value::integer: return Json(v.integerValue);
    case Value::number: return Json(v.numberValue);
    case Value::text: return Json(std::string(v.textValue));
    case Value::list: {
      Json out = Json::array();
      for (const Value& x : v.asList()) out.push_back(toJson(x));
      return out;
    }
    case Value::object: {
      Json out = Json::object();
      for (const auto& m : v.asObject()) out[std::string(m.key)] = toJson(m.value);
      return out;
    }
  }
  return Json();
}

// Whether a JSON value (an option's) is the printed value: of the same kind and equal.
inline bool sameValue(const Json& j, const Value& v) {
  switch (v.kind) {
    case Value::null: return j.is_null();
    case Value::boolean: return j.is_boolean() && j.get<bool>() == v.flag;
    case Value::integer: case Value::number: return j.is_number() && j.get<double>() == v.asNumber();
    case Value::text: return j.is_string() && j.get_ref<const std::string&>() == v.textValue;
    case Value::list: case Value::object: return j == toJson(v);
  }
  return false;
}

inline bool sameValue(const Json& j, bool b) { return j.is_boolean() && j.get<bool>() == b; }
inline bool sameValue(const Json& j, Text t) { return j.is_string() && j.get_ref<const std::string&>() == t; }
inline bool sameValue(const Json& j, int i) { return j.is_number() && j.get<double>() == i; }
inline bool sameValue(const Json& j, double d) { return j.is_number() && j.get<double>() == d; }

// Whether the validated `options` switch on a rule of the data (an errata patch, a stackWhen): the
// option it names by id (checked against ruleset.json when the build runs) equals its value.
template <typename E>
bool switchedOn(const Json& options, Text option, const E& equals) {
  if (!options.is_object()) return false;
  for (const auto& [key, value] : options.get_ref<const Json::object_t&>())  // no key built to find it by
    if (key == option) return sameValue(value, equals);
  return false;
}

template <typename T, typename F>
Json listJson(const List<T>& list, F item) {
  Json out = Json::array();
  for (const T& x : list) out.push_back(item(x));
  return out;
}

template <typename T, typename F>
Json mapJson(const Map<T>& map, F item) {
  Json out = Json::object();
  for (const auto& m : map) out[std::string(m.key)] = item(m.value);
  return out;
}

}  // namespace grapeshot::printed
