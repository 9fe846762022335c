// The DOM builder (src/core/parse.cpp) behind requests and the embedded data. The request limits are
// tested with the other hostile input in test_bad_input.cpp; here, that it builds the same documents
// as nlohmann's own parser, and that the data mode drops the request limits but not the key check.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/parse.h"
#include "core/ruleset.h"

using grapeshot::Json;

namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("every ruleset's data parses to the same document as Json::parse, in the same key order", "[parse]") {
  const auto rulesets = std::filesystem::path(GRAPESHOT_FIXTURES_DIR) / ".." / ".." / "src" / "rulesets";
  int files = 0;
  for (const auto& dir : std::filesystem::directory_iterator(rulesets))
    for (const char* name : {"ruleset.json", "tables.json", "results.json"}) {
      const std::string text = slurp(dir.path() / name);
      const Json built = grapeshot::parseData(text.c_str(), name);
      INFO(dir.path().filename().string() << "/" << name);
      CHECK(built == Json::parse(text));
      CHECK(built.dump() == Json::parse(text).dump());  // ordered_json: the same order too
      ++files;
    }
  CHECK(files == 12);
}

TEST_CASE("data: no request limits, but a key given twice is a build defect", "[parse]") {
  std::string deep;
  for (int i = 0; i < 100; ++i) deep += "[";
  for (int i = 0; i < 100; ++i) deep += "]";
  CHECK(grapeshot::parseData(deep.c_str(), "deep").size() == 1);  // a request stops at 64 levels
  std::string many = "[0";
  for (int i = 1; i < 5000; ++i) many += "," + std::to_string(i);
  CHECK(grapeshot::parseData((many + "]").c_str(), "many").size() == 5000);  // a request stops at 1024
  CHECK_THROWS_WITH(grapeshot::parseData(R"({"a":1,"b":{"c":2,"c":3}})", "dup"), Catch::Contains("duplicate key \"c\""));
  CHECK_THROWS_AS(grapeshot::parseData("{\"a\":", "cut"), std::logic_error);
  // Sibling objects may share keys; a key is compared with its own object's keys only.
  CHECK(grapeshot::parseData(R"([{"a":1},{"a":2,"b":[{"a":3}]}])", "siblings").dump() == R"([{"a":1},{"a":2,"b":[{"a":3}]}])");
  // UTF-8 in strings is read as it is; a Unicode escape, left to nlohmann's parser, gives the same text.
  const std::string utf8 = "{\"a\":\"J\xc3\xa4" "ger \xe2\x80\x94 1\",\"b\":\"J\\u00e4ger\",\"c\":1.5}";
  CHECK(grapeshot::parseData(utf8, "utf8") == Json::parse(utf8));
  CHECK(grapeshot::parseData(utf8, "utf8").at("b") == "J\xc3\xa4" "ger");
}

TEST_CASE("dataMembers finds an object's members in the text, as the parser reads them", "[parse]") {
  // Every ruleset's tables.json: each table's text parses to the member Json::parse gives.
  const auto rulesets = std::filesystem::path(GRAPESHOT_FIXTURES_DIR) / ".." / ".." / "src" / "rulesets";
  int tables = 0;
  for (const auto& dir : std::filesystem::directory_iterator(rulesets)) {
    const std::string text = slurp(dir.path() / "tables.json");
    const Json whole = Json::parse(text);
    const auto top = grapeshot::dataMembers(text, "tables.json");
    REQUIRE(top.size() == whole.size());
    for (const auto& [key, value] : top) {
      if (key != "tables") continue;
      const auto members = grapeshot::dataMembers(value, "tables");
      REQUIRE(members.size() == whole.at("tables").size());
      std::size_t i = 0;
      for (const auto& [id, json] : whole.at("tables").items()) {
        INFO(dir.path().filename().string() << " " << id);
        CHECK(members[i].first == id);
        CHECK(grapeshot::parseData(members[i].second, "table").dump() == json.dump());
        ++i, ++tables;
      }
    }
  }
  CHECK(tables > 40);
  // Strings holding brackets, quotes and escapes; scalars; nesting; white space.
  const auto m = grapeshot::dataMembers(R"( { "a" : "}]\"{" , "b":[1,{"c":"]"}], "n":-1.5e3,"t":true ,"z":null,"o":{} } )", "x");
  REQUIRE(m.size() == 6);
  CHECK(m[0] == std::pair<std::string_view, std::string_view>("a", R"("}]\"{")"));
  CHECK(m[1].second == R"([1,{"c":"]"}])");
  CHECK(m[2].second == "-1.5e3");
  CHECK(m[3].second == "true");
  CHECK(m[4].second == "null");
  CHECK(m[5] == std::pair<std::string_view, std::string_view>("o", "{}"));
  CHECK(grapeshot::dataMembers("{}", "empty").empty());
  for (const char* bad : {"", "[]", "{\"a\":1", "{\"a\" 1}", "{\"a\":1,}", "{\"a\":}", "{\"a\\\"b\":1}", "{\"a\":[1}"})
    CHECK_THROWS_AS(grapeshot::dataMembers(bad, "bad"), std::logic_error);
}

TEST_CASE("a ruleset read on demand gives the documents of its whole files", "[parse]") {
  for (const auto& rs : grapeshot::rulesets()) {
    INFO(rs.id());
    Json envelope = rs.meta();  // the whole ruleset.json
    const Json procedures = envelope.at("procedures");
    envelope.erase("procedures");
    CHECK(rs.envelope().dump() == envelope.dump());
    CHECK(rs.procedureNames().size() == procedures.size());
    for (const auto& name : rs.procedureNames()) CHECK(rs.procedure(name).dump() == procedures.at(name).dump());
    std::string folder = rs.id();
    std::replace(folder.begin(), folder.end(), '-', '_');
    const Json tables = Json::parse(
        slurp(std::filesystem::path(GRAPESHOT_FIXTURES_DIR) / ".." / ".." / "src" / "rulesets" / folder / "tables.json")).at("tables");
    REQUIRE(rs.tableIds().size() == tables.size());
    std::size_t i = 0;
    for (const auto& [id, table] : tables.items()) {
      INFO(id);
      CHECK(rs.tableIds()[i++] == id);
      CHECK(rs.hasTable(id));
      CHECK(rs.table(id).dump() == table.dump());
    }
    CHECK_FALSE(rs.hasTable("no such table"));
  }
}

namespace {
// Every node's type, in document order: parseRequest must build what nlohmann's parser builds, an
// unsigned integer as unsigned and a float as a float (== and dump() alone would not tell).
void types(const Json& v, std::string& out) {
  out += std::to_string(static_cast<int>(v.type()));
  if (v.is_structured())
    for (const auto& item : v) types(item, out);
}
std::string answer(bool fast, const std::string& text, std::size_t maxBytes) {
  Json out, error;
  const bool ok = fast ? grapeshot::parseRequest(text, out, error, maxBytes)
                       : grapeshot::parseRequestByNlohmann(text, out, error, maxBytes);
  std::string t;
  types(out, t);
  return (ok ? "ok " : "error ") + out.dump() + " " + t + " " + error.dump();
}
}  // namespace

TEST_CASE("requests: the text read without nlohmann's lexer gives what nlohmann's parser gives", "[parse]") {
  std::vector<std::string> texts = {
      R"({"a":1})", R"({"a":-1})", R"({"a":0})", R"({"a":-0})", R"({"a":01})", R"({"a":1.5})", R"({"a":1e5})",
      R"({"a":1E+5})", R"({"a":-1.5e-3})", R"({"a":0.1})", R"({"a":1.})", R"({"a":.5})", R"({"a":-})", R"({"a":1e})",
      R"({"a":123456789012345678})", R"({"a":1234567890123456789})", R"({"a":18446744073709551615})",
      R"({"a":18446744073709551616})", R"({"a":-9223372036854775808})", R"({"a":-9223372036854775809})", R"({"a":1e400})", R"({"a":-1e400})", R"({"a":1e-400})",
      R"({"a":"x\"y\\z\/\b\f\n\r\t"})", R"({"a":"\u00e9\ud83d\ude00"})", "{\"a\":\"\xc3\xa9\"}", "{\"a\":\"\xff\"}",
      "{\"a\":\"tab\tinside\"}", R"({"a":"\x"})", R"({"a":true,"b":false,"c":null})", R"({"a":tru})", R"({"a":nul})",
      R"({"a":[]})", R"({"a":{}})", "{}", "[]", "1", "\"x\"", "", "   ", " \t\r\n{ \"a\" : [ 1 , 2 ] } \n",
      R"({"a":1,})", R"({"a":1 "b":2})", R"({"a":1}x)", R"({"a":1}{"b":2})", R"({"a":1,"a":2})",
      R"({"a":{"b":1,"b":2}})", "\xef\xbb\xbf{}", R"([1,2,])", R"({"a":"unterminated)", R"({"a\u0041":1})",
      R"({"a":[1,{"b":[true,null,"c"]}],"d":-7})", R"({1:2})", R"({"a" 1})", "[1 2]", "{\"a\":1}\n"};
  for (const int depth : {63, 64, 65}) texts.push_back(std::string(depth, '[') + std::string(depth, ']'));
  for (const int items : {1024, 1025}) {
    std::string t = "[0";
    for (int i = 1; i < items; ++i) t += ",1";
    texts.push_back(t + "]");
  }
  for (const int keys : {256, 257}) {
    std::string t = "{\"k0\":0";
    for (int i = 1; i < keys; ++i) t += ",\"k" + std::to_string(i) + "\":" + std::to_string(i);
    texts.push_back(t + "}");
  }
  // Every fixture file as it is written (pretty-printed), and each of its requests compact.
  for (const auto& entry : std::filesystem::recursive_directory_iterator(GRAPESHOT_FIXTURES_DIR)) {
    if (entry.path().extension() != ".json") continue;
    const std::string text = slurp(entry.path());
    texts.push_back(text);
    const Json fixture = Json::parse(text);
    if (fixture.is_object() && fixture.contains("cases") && fixture["cases"].is_array())
      for (const auto& c : fixture["cases"])
        if (c.contains("request")) texts.push_back(c["request"].dump());
  }
  CHECK(texts.size() > 300);
  for (const auto& text : texts)
    for (const std::size_t maxBytes : {grapeshot::kMaxRequestBytes, grapeshot::kMaxBatchBytes}) {
      INFO(text.substr(0, 200));
      CHECK(answer(true, text, maxBytes) == answer(false, text, maxBytes));
    }
}
