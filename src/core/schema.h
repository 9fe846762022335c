// Validation of requests against the JSON Schema subset that ruleset.json uses to describe
// procedure inputs and options (see docs/architecture.md). The same schema feeds the web
// calculator's forms, so what a form offers is exactly what the engine accepts.
#pragma once
#include <memory>
#include <string>

#include "json.h"

namespace grapeshot {

class Message;

// Returns `value` checked against `schema`, with defaults filled in for absent optional properties.
// Throws RequestError (wrong_type, missing_field, unknown_field, out_of_range, invalid_value) whose
// path is `path` extended to the offending element. `unknownCode` is the code for an undeclared
// property at the top level (unknown_field, or unknown_option for the options object). Top-level
// members for which `skip` is true are left out, unchecked (a request's envelope fields, which are
// not procedure inputs: validated in place, the request is not copied first).
using SkipField = bool (*)(const std::string&);

// A schema read once (types, enums, bounds, properties and the fills of absent groups), so that
// validating a request looks nothing up by key in the schema. It points into `schema`, which must
// outlive it: rulesets keep one per procedure and one for their options.
class Schema {
 public:
  explicit Schema(const Json& schema);
  ~Schema();
  Schema(Schema&&) noexcept;
  Schema& operator=(Schema&&) noexcept;
  Json validate(const Json& value, const std::string& path, const char* unknownCode = nullptr,
                SkipField skip = nullptr) const;
  // The same, moving the validated members out of `value` (a request its caller will not read
  // again; skipped members are left in place). The form above validates a copy.
  Json validate(Json&& value, const std::string& path, const char* unknownCode = nullptr,
                SkipField skip = nullptr) const;

 private:
  struct Node;
  struct Path;
  std::unique_ptr<Node> root_;
};

// The same for a schema used once.
Json validate(const Json& schema, const Json& value, const std::string& path,
              const char* unknownCode = nullptr, SkipField skip = nullptr);

// "integer", "string", ... as a schema would call the JSON value's type: a sentence of the catalog
// (error.typeName.*), for a message's parameter in any language.
Message typeWord(const Json& value);

}  // namespace grapeshot
