#include "schema.h"

#include <cmath>
#include <optional>
#include <utility>
#include <vector>

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

Message typeWord(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: return msg::errorTypeNameNull();
    case Json::value_t::boolean: return msg::errorTypeNameBoolean();
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return msg::errorTypeNameInteger();
    case Json::value_t::number_float: return msg::errorTypeNameNumber();
    case Json::value_t::string: return msg::errorTypeNameString();
    case Json::value_t::array: return msg::errorTypeNameArray();
    case Json::value_t::object: return msg::errorTypeNameObject();
    default: return msg::errorTypeNameValue();
  }
}

namespace {

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

// A message of the catalog, after the field's title when it has one ("Morale: 10 is above the maximum 9").
Message titled(const std::string& title, Message m) { return title.empty() ? m : msg::errorTitled(title, m); }

const Json* member(const Json& schema, const char* key) {
  const auto it = schema.find(key);
  return it == schema.end() ? nullptr : &*it;
}

}  // namespace

// Where the value being checked sits, as a chain up to the caller's prefix: the JSON Pointer string
// is built only when an error reports it (a valid request builds none).
struct Schema::Path {
  const Path* parent;
  const std::string* key;  // nullptr: an array index
  std::size_t index;
  const std::string* prefix;  // the root's path
  std::string str() const {
    if (!parent) return *prefix;
    return key ? pointerJoin(parent->str(), *key) : pointerJoin(parent->str(), index);
  }
};

// One schema object, read once: what validation would otherwise look up by key, with string
// compares, in every node of every request. The Json pointers point into the schema.
struct Schema::Node {
  enum class Type { none, integer, number, boolean, string, array, object, unknown };
  struct Property {
    std::string key;
    std::unique_ptr<Node> node;
    const Json* fallback = nullptr;  // its "default"
    // An absent optional group (e.g. a commander) is filled with its members' defaults, so
    // procedures read every declared input without checking for absence: `emptyFill`, once.
    bool group = false;
    std::optional<Json> emptyFill;
  };
  struct Required {
    std::string name;
    int property;  // index in `properties`, -1 when the schema declares none of that name
  };

  Type type = Type::none;
  std::string title;  // "" when none
  const Json* enumValues = nullptr;
  const Json* enumLabels = nullptr;  // "x-enumLabels": what the form shows for each value
  const Json* minimum = nullptr;
  const Json* maximum = nullptr;
  const Json* minItems = nullptr;
  const Json* maxItems = nullptr;
  std::unique_ptr<Node> items;
  bool isObjectSchema = false;  // has "type": "object" (an absent group of it is filled)
  std::vector<Property> properties;  // in the schema's order: the output's order
  std::vector<Required> required;

  // `title`: the field's label as the form shows it ("Shock strength"), so a message names what the
  // player sees (titled()).
  explicit Node(const Json& schema) {
    if (const Json* t = member(schema, "title"); t && t->is_string()) title = t->get<std::string>();
    if (const Json* t = member(schema, "type")) {
      const std::string& typeName = t->get_ref<const std::string&>();
      static const std::pair<const char*, Type> kTypes[] = {{"integer", Type::integer}, {"number", Type::number},
          {"boolean", Type::boolean}, {"string", Type::string}, {"array", Type::array}, {"object", Type::object}};
      type = Type::unknown;  // a type this subset does not know: nothing has it
      for (const auto& [name, ty] : kTypes)
        if (typeName == name) type = ty;
      isObjectSchema = type == Type::object;
    }
    enumValues = member(schema, "enum");
    if (const Json* l = member(schema, "x-enumLabels"); l && l->is_array() && enumValues && l->size() == enumValues->size())
      enumLabels = l;
    minimum = member(schema, "minimum");
    maximum = member(schema, "maximum");
    minItems = member(schema, "minItems");
    maxItems = member(schema, "maxItems");
    if (const Json* i = member(schema, "items")) items = std::make_unique<Node>(*i);
    if (const Json* props = member(schema, "properties")) {
      properties.reserve(props->size());
      for (const auto& prop : props->items()) {
        Property p;
        p.key = prop.key();
        p.node = std::make_unique<Node>(prop.value());
        p.fallback = member(prop.value(), "default");
        p.group = p.node->isObjectSchema && !prop.value().contains("required");
        properties.push_back(std::move(p));
      }
    }
    if (const Json* req = member(schema, "required"))
      for (const auto& name : *req) required.push_back({name.get<std::string>(), propertyIndex(name.get_ref<const std::string&>())});
    // The fill of an absent group is the same every time: validated once, here. A group whose
    // fill would fail keeps failing at its use, with the request's path.
    for (auto& p : properties)
      if (!p.fallback && p.group) try {
          static const std::string kRoot;
          Json empty = Json::object();
          p.emptyFill = p.node->validate(empty, Path{nullptr, nullptr, 0, &kRoot}, nullptr, nullptr);
        } catch (const RequestError&) {
        }
  }

  // "an integer", "a object" (as English has always said it): the type this schema wants.
  Message expected() const {
    switch (type) {
      case Type::integer: return msg::errorTypeArticleInteger();
      case Type::number: return msg::errorTypeArticleNumber();
      case Type::boolean: return msg::errorTypeArticleBoolean();
      case Type::string: return msg::errorTypeArticleString();
      case Type::array: return msg::errorTypeArticleArray();
      case Type::object: return msg::errorTypeArticleObject();
      default: return msg::errorTypeNameValue();
    }
  }

  int propertyIndex(const std::string& key) const {
    for (std::size_t i = 0; i < properties.size(); ++i)
      if (properties[i].key == key) return static_cast<int>(i);
    return -1;
  }

  bool hasType(const Json& v) const {
    switch (type) {
      case Type::none: return true;
      case Type::integer: return v.is_number_integer();
      case Type::number: return v.is_number() && std::isfinite(v.get<double>());
      case Type::boolean: return v.is_boolean();
      case Type::string: return v.is_string();
      case Type::array: return v.is_array();
      case Type::object: return v.is_object();
      case Type::unknown: return false;
    }
    return false;
  }

  // The validated members are moved out of `value` (a copy of the caller's, when the caller reads it
  // again): one instantiation of the walk, not one that copies and one that moves.
  Json validate(Json& value, const Path& at, const char* unknownCode, SkipField skip) const {
    if (!hasType(value)) {
      // A form sends null for a number field left blank or typed as something not a number ("x"):
      // said in the player's words, not JSON's.
      if (value.is_null() && type == Type::integer)
        throw RequestError(code::kWrongType,
                           title.empty() ? msg::errorNoWholeNumberUntitled() : msg::errorNoWholeNumber(title),
                           at.str());
      throw RequestError(code::kWrongType,
                         titled(title, type == Type::integer && value.is_number_float()
                                           ? msg::errorExpectedTypeValue(expected(), typeWord(value), shortDump(value))
                                           : msg::errorExpectedType(expected(), typeWord(value))),
                         at.str());
    }
    if (enumValues) {
      bool found = false;
      for (const auto& allowed : *enumValues)
        if (allowed == value) { found = true; break; }
      if (!found) {
        // Each value as the form shows it, the request's spelling after it: "Light cavalry (\"lightCavalry\")".
        std::string list;
        for (std::size_t i = 0; i < enumValues->size(); ++i) {
          const Json& allowed = (*enumValues)[i];
          list += (list.empty() ? "" : ", ");
          if (enumLabels && (*enumLabels)[i].is_string() && (*enumLabels)[i] != allowed)
            list += (*enumLabels)[i].get<std::string>() + " (" + allowed.dump() + ")";
          else
            list += allowed.dump();
        }
        throw RequestError(code::kInvalidValue, titled(title, msg::errorNotOneOf(shortDump(value), list)), at.str());
      }
    }
    if (value.is_number()) {
      if (minimum && belowMinimum(value, *minimum))
        throw RequestError(code::kOutOfRange, titled(title, msg::errorBelowMinimum(shortDump(value), minimum->dump())), at.str());
      if (maximum && aboveMaximum(value, *maximum))
        throw RequestError(code::kOutOfRange, titled(title, msg::errorAboveMaximum(shortDump(value), maximum->dump())), at.str());
    }
    if (value.is_array()) return validateArray(value, at);
    if (value.is_object()) return validateObject(value, at, unknownCode, skip);
    return std::move(value);
  }

  Json validateArray(Json& value, const Path& at) const {
    const auto n = value.size();
    if (minItems && n < minItems->get<std::size_t>())
      throw RequestError(code::kOutOfRange, titled(title, msg::errorTooFewItems(minItems->dump(), n)), at.str());
    if (maxItems && n > maxItems->get<std::size_t>())
      throw RequestError(code::kOutOfRange, titled(title, msg::errorTooManyItems(maxItems->dump(), n)), at.str());
    if (!items) return std::move(value);
    Json out = Json::array();
    auto& elements = out.get_ref<Json::array_t&>();
    elements.reserve(n);
    for (std::size_t i = 0; i < n; ++i) elements.push_back(items->validate(value[i], Path{&at, nullptr, i, nullptr}, nullptr, nullptr));
    return out;
  }

  Json validateObject(Json& value, const Path& at, const char* unknownCode, SkipField skip) const {
    // Each member found once, by the property it fills (a skipped member is not an input).
    constexpr std::size_t kInline = 32;
    Json* inlineFound[kInline] = {};
    std::vector<Json*> manyFound;
    Json** found = inlineFound;
    if (properties.size() > kInline) {
      manyFound.assign(properties.size(), nullptr);
      found = manyFound.data();
    }
    for (auto&& item : value.items()) {
      const int i = propertyIndex(item.key());
      const bool skipped = skip && skip(item.key());
      if (i >= 0 && !skipped) found[i] = &item.value();
      else if (i < 0 && !skipped)
        throw RequestError(unknownCode ? unknownCode : code::kUnknownField,
                           unknownCode && std::string(unknownCode) == code::kUnknownOption ? msg::errorUnknownOption(clip(item.key()))
                                                                                           : msg::errorUnknownField(clip(item.key())),
                           pointerJoin(at.str(), item.key()));
    }
    for (const auto& r : required) {
      const bool present = r.property >= 0 ? found[r.property] != nullptr
                                           : value.contains(r.name) && !(skip && skip(r.name));
      if (!present) {
        static const std::string kNone;
        const std::string& t = r.property >= 0 ? properties[r.property].node->title : kNone;
        throw RequestError(code::kMissingField,
                           t.empty() ? msg::errorMissingField(r.name) : msg::errorMissingFieldTitled(t, r.name),
                           pointerJoin(at.str(), r.name));
      }
    }
    // Built in the schema's order: every key once, so it is appended, never searched for.
    Json out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    members.reserve(properties.size());
    for (std::size_t i = 0; i < properties.size(); ++i) {
      const Property& p = properties[i];
      if (found[i]) members.emplace_back(p.key, p.node->validate(*found[i], Path{&at, &p.key, 0, nullptr}, nullptr, nullptr));
      else if (p.fallback) members.emplace_back(p.key, *p.fallback);
      else if (p.emptyFill) members.emplace_back(p.key, *p.emptyFill);
      else if (p.group) {
        Json empty = Json::object();
        members.emplace_back(p.key, p.node->validate(empty, Path{&at, &p.key, 0, nullptr}, nullptr, nullptr));
      }
    }
    return out;
  }
};

Schema::Schema(const Json& schema) : root_(std::make_unique<Node>(schema)) {}
Schema::~Schema() = default;
Schema::Schema(Schema&&) noexcept = default;
Schema& Schema::operator=(Schema&&) noexcept = default;

Json Schema::validate(const Json& value, const std::string& path, const char* unknownCode, SkipField skip) const {
  Json copy = value;
  return root_->validate(copy, Path{nullptr, nullptr, 0, &path}, unknownCode, skip);
}

Json Schema::validate(Json&& value, const std::string& path, const char* unknownCode, SkipField skip) const {
  return root_->validate(value, Path{nullptr, nullptr, 0, &path}, unknownCode, skip);
}

Json validate(const Json& schema, const Json& value, const std::string& path, const char* unknownCode, SkipField skip) {
  return Schema(schema).validate(value, path, unknownCode, skip);
}

}  // namespace grapeshot
