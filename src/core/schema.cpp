#include "schema.h"

#include <cmath>

#include "error.h"

namespace grapeshot {

std::string pointerToken(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

const char* schemaTypeName(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "boolean";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "integer";
    case Json::value_t::number_float: return "number";
    case Json::value_t::string: return "string";
    case Json::value_t::array: return "array";
    case Json::value_t::object: return "object";
    default: return "value";
  }
}

namespace {

bool hasType(const Json& v, const std::string& type) {
  if (type == "integer") return v.is_number_integer();
  if (type == "number") return v.is_number() && std::isfinite(v.get<double>());
  if (type == "boolean") return v.is_boolean();
  if (type == "string") return v.is_string();
  if (type == "array") return v.is_array();
  if (type == "object") return v.is_object();
  return false;
}

std::string shortDump(const Json& v) {
  std::string s = toText(v);
  if (s.size() > 40) s = s.substr(0, 37) + "...";
  return s;
}

// Value of a numeric bound as double; integers beyond 2^53 are compared exactly below.
bool belowMinimum(const Json& v, const Json& min) {
  if (v.is_number_unsigned()) return min.is_number_integer() && min.get<std::int64_t>() > 0 &&
                                     v.get<std::uint64_t>() < min.get<std::uint64_t>();
  if (v.is_number_integer() && min.is_number_integer()) return v.get<std::int64_t>() < min.get<std::int64_t>();
  return v.get<double>() < min.get<double>();
}
bool aboveMaximum(const Json& v, const Json& max) {
  if (v.is_number_unsigned()) {
    if (max.is_number_integer() && max.get<std::int64_t>() < 0) return true;
    return max.is_number_integer() ? v.get<std::uint64_t>() > max.get<std::uint64_t>()
                                   : v.get<double>() > max.get<double>();
  }
  if (v.is_number_integer() && max.is_number_integer()) return v.get<std::int64_t>() > max.get<std::int64_t>();
  return v.get<double>() > max.get<double>();
}

// "Shock strength: " — the field's label as the form shows it, so a message names what the player sees.
std::string labelOf(const Json& schema) {
  const auto t = schema.find("title");
  return t != schema.end() && t->is_string() ? t->get<std::string>() + ": " : std::string();
}

// Where the value being checked sits, as a chain up to the caller's prefix: the JSON Pointer string
// is built only when an error reports it (a valid request builds none).
struct Path {
  const Path* parent;
  const std::string* key;  // nullptr: an array index
  std::size_t index;
  const std::string* prefix;  // the root's path
  std::string str() const {
    if (!parent) return *prefix;
    return key ? pointerJoin(parent->str(), *key) : pointerJoin(parent->str(), index);
  }
};

Json validateAt(const Json& schema, const Json& value, const Path& at, const char* unknownCode, SkipField skip = nullptr) {
  const auto typeIt = schema.find("type");
  if (typeIt != schema.end()) {
    const std::string& type = typeIt->get_ref<const std::string&>();
    if (!hasType(value, type)) {
      std::string what = std::string("expected ") + (type == "integer" ? "an " : "a ") + type + ", got " +
                         schemaTypeName(value);
      if (type == "integer" && value.is_number_float()) what += " " + shortDump(value);
      throw RequestError(code::kWrongType, labelOf(schema) + what, at.str());
    }
  }
  if (const auto e = schema.find("enum"); e != schema.end()) {
    bool found = false;
    for (const auto& allowed : *e)
      if (allowed == value) { found = true; break; }
    if (!found) {
      std::string list;
      for (const auto& allowed : *e) list += (list.empty() ? "" : ", ") + allowed.dump();
      throw RequestError(code::kInvalidValue, labelOf(schema) + shortDump(value) + " is not one of: " + list, at.str());
    }
  }
  if (value.is_number()) {
    if (const auto m = schema.find("minimum"); m != schema.end() && belowMinimum(value, *m))
      throw RequestError(code::kOutOfRange, labelOf(schema) + shortDump(value) + " is below the minimum " + m->dump(), at.str());
    if (const auto m = schema.find("maximum"); m != schema.end() && aboveMaximum(value, *m))
      throw RequestError(code::kOutOfRange, labelOf(schema) + shortDump(value) + " is above the maximum " + m->dump(), at.str());
  }
  if (value.is_array()) {
    const auto n = value.size();
    if (const auto m = schema.find("minItems"); m != schema.end() && n < m->get<std::size_t>())
      throw RequestError(code::kOutOfRange, labelOf(schema) + "needs at least " + m->dump() + " item(s), got " + std::to_string(n), at.str());
    if (const auto m = schema.find("maxItems"); m != schema.end() && n > m->get<std::size_t>())
      throw RequestError(code::kOutOfRange, labelOf(schema) + "allows at most " + m->dump() + " item(s), got " + std::to_string(n), at.str());
    const auto items = schema.find("items");
    if (items == schema.end()) return value;
    Json out = Json::array();
    out.get_ref<Json::array_t&>().reserve(n);
    for (std::size_t i = 0; i < n; ++i) out.push_back(validateAt(*items, value[i], Path{&at, nullptr, i, nullptr}, nullptr));
    return out;
  }
  if (value.is_object()) {
    static const Json kEmpty = Json::object();
    const auto propsIt = schema.find("properties");
    const Json& props = propsIt == schema.end() ? kEmpty : *propsIt;
    for (const auto& item : value.items())
      if (!props.contains(item.key()) && !(skip && skip(item.key())))
        throw RequestError(unknownCode ? unknownCode : code::kUnknownField,
                           "unknown " + std::string(unknownCode && std::string(unknownCode) == code::kUnknownOption
                                                        ? "option"
                                                        : "field") +
                               " \"" + clip(item.key()) + "\"",
                           pointerJoin(at.str(), item.key()));
    if (const auto req = schema.find("required"); req != schema.end())
      for (const auto& name : *req)
        if (!value.contains(name.get_ref<const std::string&>()) || (skip && skip(name.get_ref<const std::string&>()))) {
          const auto sub = props.find(name.get_ref<const std::string&>());
          const std::string title = sub != props.end() ? sub->value("title", "") : "";
          throw RequestError(code::kMissingField,
                             "missing required field \"" + name.get<std::string>() + "\"" + (title.empty() ? "" : " (" + title + ")"),
                             pointerJoin(at.str(), name.get<std::string>()));
        }
    // Built in the schema's order: every key once, so it is appended, never searched for.
    Json out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    members.reserve(props.size());
    for (const auto& prop : props.items()) {
      const std::string& key = prop.key();
      const Json& sub = prop.value();
      const auto it = skip && skip(key) ? value.end() : value.find(key);  // a skipped member is not an input
      if (it != value.end()) members.emplace_back(key, validateAt(sub, *it, Path{&at, &key, 0, nullptr}, nullptr));
      else if (const auto d = sub.find("default"); d != sub.end()) members.emplace_back(key, *d);
      // An absent optional group (e.g. a commander) is filled with its members' defaults, so
      // procedures read every declared input without checking for absence.
      else if (const auto t = sub.find("type"); t != sub.end() && *t == "object" && !sub.contains("required"))
        members.emplace_back(key, validateAt(sub, kEmpty, Path{&at, &key, 0, nullptr}, nullptr));
    }
    return out;
  }
  return value;
}

}  // namespace

Json validate(const Json& schema, const Json& value, const std::string& path, const char* unknownCode, SkipField skip) {
  return validateAt(schema, value, Path{nullptr, nullptr, 0, &path}, unknownCode, skip);
}

}  // namespace grapeshot
