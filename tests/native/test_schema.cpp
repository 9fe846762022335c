// The JSON Schema subset used for procedure inputs and options.
#include <catch2/catch.hpp>

#include "core/error.h"
#include "core/schema.h"

using namespace grapeshot;

namespace {
const Json kSchema = Json::parse(R"({
  "type": "object", "additionalProperties": false, "required": ["units"],
  "properties": {
    "units": {"type": "array", "minItems": 1, "maxItems": 2, "items": {
      "type": "object", "required": ["strength"], "additionalProperties": false,
      "properties": {"strength": {"type": "integer", "minimum": 0, "maximum": 50},
                     "arm": {"type": "string", "enum": ["infantry", "cavalry"], "default": "infantry"}}}},
    "night": {"type": "boolean", "default": false},
    "ratio": {"type": "number"},
    "commander": {"type": "object", "properties": {"bonus": {"type": "integer", "default": 0}}}
  }})");

std::pair<std::string, std::string> failure(const Json& value) {
  try {
    validate(kSchema, value, "");
  } catch (const RequestError& e) {
    return {e.code(), e.path()};
  }
  return {"", ""};
}
}  // namespace

TEST_CASE("valid input gets its defaults filled, including absent optional groups", "[schema]") {
  const Json out = validate(kSchema, Json::parse(R"({"units":[{"strength":3}]})"), "");
  CHECK(out["units"][0]["arm"] == "infantry");
  CHECK(out["night"] == false);
  CHECK(out["commander"]["bonus"] == 0);
  CHECK_FALSE(out.contains("ratio"));
}

TEST_CASE("each violation has its code and JSON Pointer", "[schema]") {
  using P = std::pair<std::string, std::string>;
  CHECK(failure(Json::parse(R"({})")) == P{"missing_field", "/units"});
  CHECK(failure(Json::parse(R"({"units":[]})")) == P{"out_of_range", "/units"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":1},{"strength":1},{"strength":1}]})")) == P{"out_of_range", "/units"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":"3"}]})")) == P{"wrong_type", "/units/0/strength"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":2.5}]})")) == P{"wrong_type", "/units/0/strength"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":-1}]})")) == P{"out_of_range", "/units/0/strength"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":51}]})")) == P{"out_of_range", "/units/0/strength"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":18446744073709551615}]})")) == P{"out_of_range", "/units/0/strength"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":1,"arm":"dragoons"}]})")) == P{"invalid_value", "/units/0/arm"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":1,"x":1}]})")) == P{"unknown_field", "/units/0/x"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":1}],"night":1})")) == P{"wrong_type", "/night"});
  CHECK(failure(Json::parse(R"({"units":[{"strength":1}],"a/b":1})")) == P{"unknown_field", "/a~1b"});
  CHECK(failure(Json::parse(R"([1])")) == P{"wrong_type", ""});
}

TEST_CASE("a compiled schema validates many values, each error under the caller's path", "[schema]") {
  const Schema schema(kSchema);
  CHECK(schema.validate(Json::parse(R"({"units":[{"strength":3}]})"), "")["commander"]["bonus"] == 0);
  CHECK(schema.validate(Json::parse(R"({"units":[{"strength":4,"arm":"cavalry"}]})"), "")["units"][0]["arm"] == "cavalry");
  try {
    schema.validate(Json::parse(R"({"units":[{"strength":1}],"commander":{"bonus":"x"}})"), "/options");
    FAIL("accepted a string bonus");
  } catch (const RequestError& e) {
    CHECK(std::string(e.code()) == "wrong_type");
    CHECK(e.path() == "/options/commander/bonus");
  }
  // Required fields name their title; one the properties do not declare is still required.
  const Schema required(Json::parse(R"({"type":"object","required":["a","b"],"properties":{"a":{"type":"integer","title":"Alpha"}}})"));
  try {
    required.validate(Json::object(), "");
    FAIL("accepted a missing field");
  } catch (const RequestError& e) {
    CHECK(std::string(e.what()) == "Alpha: missing (required field \"a\")");
  }
  try {
    required.validate(Json::parse(R"({"a":1})"), "");
    FAIL("accepted a missing field");
  } catch (const RequestError& e) {
    CHECK(std::string(e.what()) == "missing required field \"b\"");
    CHECK(e.path() == "/b");
  }
}
