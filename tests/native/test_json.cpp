// The response writer (core/json.h appendJson): byte for byte what nlohmann's dump writes, on every
// kind of value, on the rulesets' own data and on every fixture's response.
#include <catch2/catch.hpp>

#include <limits>

#include "core/engine.h"
#include "core/json.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {
std::string dumped(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }
}  // namespace

TEST_CASE("appendJson writes every kind of value as nlohmann's dump does", "[json]") {
  const Json values[] = {
      Json(), true, false, 0, -1, std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::uint64_t>::max(),
      0.1, 1.5, -0.0, 1e300, 2.5e-8, 1.0 / 3, Json::object(), Json::array(), "", "plain", "quote \" and \\ and \t\n\x01",
      "multi-byte \xC3\xA9 \xE2\x80\x94 \xF0\x9F\x8E\xB2", "ill-formed \xFF\xC0\xAF \xED\xA0\x80",
      Json::parse(R"({"a":[1,{"b":null,"c":[]},"x"],"d":{},"e":-2.75,"f\"g":{"h":[[],[{}]]}})")};
  for (const auto& v : values) {
    INFO(dumped(v));
    CHECK(grapeshot::toText(v) == dumped(v));
  }
  Json keyed = Json::object();
  keyed["bad \xFF key"] = 1;
  keyed["\xE2\x80\x94"] = "\xFF";
  CHECK(grapeshot::toText(keyed) == dumped(keyed));
  std::string out = "prefix ";
  grapeshot::appendJson(out, Json::array({1, "two"}));
  CHECK(out == R"(prefix [1,"two"])");
}

// The writer procedures write results with: a document written through it reads as nlohmann writes
// the same document (commas between members and items, none after a key or an opening bracket).
TEST_CASE("JsonWriter writes what appendJson writes for the same document", "[json]") {
  std::string text;
  grapeshot::JsonWriter w(text);
  w.object().field("int", -7).field("size", std::size_t{12}).field("max", std::numeric_limits<std::int64_t>::max());
  w.field("yes", true).field("no", false).field("literal", "quote \" \t").field("str", std::string("s\xC3\xA9"));
  w.key("empty").object().endObject().key("none").array().endArray();
  w.key("nested").array().value(1).object().field("a", Json()).endObject().array().value("x").value(2).endArray().endArray();
  w.field("doc", Json::parse(R"({"k":[1.5,{}]})")).rawField("raw", R"("pre-written")");
  w.key("bad \xFF key").value("\xFF").endObject();
  Json expected = Json::object();
  expected["int"] = -7;
  expected["size"] = 12;
  expected["max"] = std::numeric_limits<std::int64_t>::max();
  expected["yes"] = true;
  expected["no"] = false;
  expected["literal"] = "quote \" \t";
  expected["str"] = "s\xC3\xA9";
  expected["empty"] = Json::object();
  expected["none"] = Json::array();
  expected["nested"] = Json::parse(R"([1,{"a":null},["x",2]])");
  expected["doc"] = Json::parse(R"({"k":[1.5,{}]})");
  expected["raw"] = "pre-written";
  expected["bad \xFF key"] = "\xFF";
  CHECK(text == dumped(expected));

  // Floats as nlohmann writes them, through the writer's own number path.
  for (const double d : {0.1, 1.0, -0.0, 1e300, 2.5e-8, 1.0 / 3, 123456789.0, std::numeric_limits<double>::infinity()}) {
    std::string one;
    grapeshot::JsonWriter(one).value(d);
    CHECK(one == dumped(Json(d)));
  }

  std::string scalar;  // a lone value, appended after what the string already holds
  scalar = "[";
  grapeshot::JsonWriter(scalar).value(3);
  CHECK(scalar == "[3");
}

TEST_CASE("appendJson writes the rulesets' data as nlohmann's dump does", "[json]") {
  for (const auto& rs : grapeshot::rulesets()) {
    INFO(rs.id());
    CHECK(grapeshot::toText(rs.meta()) == dumped(rs.meta()));
    for (const std::string_view id : rs.tableIds()) CHECK(grapeshot::toText(rs.table(id)) == dumped(rs.table(id)));
  }
  CHECK(grapeshot::toText(grapeshot::describe()) == dumped(grapeshot::describe()));
}

// The generated writers' members (a name already quoted after its comma, and its value in one append):
// what commaKey(k).value(v) writes, the comma only after a first member, and texts to escape, a
// name too long for the stack buffer and numbers at their limits through the same path.
TEST_CASE("JsonWriter's one-append members write what a name and its value write", "[json]") {
  const std::string longName(130, 'n');
  const std::string longKey = ",\"" + longName + "\":";
  std::string fused, plain;
  grapeshot::JsonWriter f(fused), p(plain);
  f.object().intMember(",\"a\":", -7).boolMember(",\"b\":", true).boolMember(",\"c\":", false);
  p.object().commaKey(",\"a\":").value(-7).commaKey(",\"b\":").value(true).commaKey(",\"c\":").value(false);
  for (const std::string_view text : {"plain", "", "quote \" \\ \t", "s\xC3\xA9", "bad \xFF", "\x7F"}) {
    f.textMember(",\"t\":", text);
    p.commaKey(",\"t\":").value(text);
  }
  f.textMember(",\"long\":", std::string(200, 'x')).intMember(longKey.data(), longKey.size(), std::numeric_limits<std::int64_t>::min());
  p.commaKey(",\"long\":").value(std::string(200, 'x')).commaKey(longKey.data(), longKey.size()).value(std::numeric_limits<std::int64_t>::min());
  f.boolMember(longKey.data(), longKey.size(), true).textMember(longKey.data(), longKey.size(), "v").endObject();
  p.commaKey(longKey.data(), longKey.size()).value(true).commaKey(longKey.data(), longKey.size()).value("v").endObject();
  CHECK(fused == plain);
  CHECK(fused.rfind(R"({"a":-7,"b":true,"c":false,"t":"plain","t":"","t":"quote \" \\ \t")", 0) == 0);
  CHECK(Json::parse(fused).at("long") == std::string(200, 'x'));
}
