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
