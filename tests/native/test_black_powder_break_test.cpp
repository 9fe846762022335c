// black-powder break tests: the input schemas the calculator renders (break-test / fire / shock),
// every printed modifier reached with its printed value, and the rulings cited where they decide.
// Worked cases with fixed dice live in tests/fixtures/black-powder/{break-test,fire,shock}.json.
#include <catch2/catch.hpp>

#include <functional>
#include <set>

#include "core/engine.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

Json resolve(Json request) {
  request["ruleset"] = "black-powder";
  return grapeshot::resolve(request);
}

bool cites(const Json& response, const std::string& ref) {
  for (const auto& s : response.at("trace"))
    if (s.value("ref", "") == ref) return true;
  return false;
}

const Json& procedure(const std::string& name) {
  return grapeshot::findRuleset("black-powder")->meta().at("procedures").at(name);
}

// Every property: a title; enums: one label per value; booleans and optional numbers: a default.
void checkFriendly(const Json& schema, const std::string& path, bool required) {
  INFO(path);
  CHECK(schema.contains("title"));
  if (schema.contains("enum")) CHECK(schema.at("x-enumLabels").size() == schema.at("enum").size());
  const std::string type = schema.at("type");
  if (type == "boolean") CHECK(schema.contains("default"));
  if (type == "object") {
    CHECK(schema.at("additionalProperties") == false);
    std::set<std::string> req;
    for (const auto& r : schema.value("required", Json::array())) req.insert(r.get<std::string>());
    for (const auto& [k, v] : schema.at("properties").items()) checkFriendly(v, path + "/" + k, req.count(k) > 0);
  }
  if (type == "array") checkFriendly(schema.at("items"), path + "/items", true);
  // Optional numbers need a default, except the two combat results, whose absence means "not given".
  if ((type == "integer" || type == "number") && !required && path.find("/melee/") == std::string::npos)
    CHECK(schema.contains("default"));
}

}  // namespace

TEST_CASE("black-powder: fire offers only A/B, shock only C/D/E, break-test all five", "[black-powder][break-test][schema]") {
  CHECK(procedure("break-test").at("inputs").at("properties").at("test").at("enum") == Json{"A", "B", "C", "D", "E"});
  CHECK(procedure("fire").at("inputs").at("properties").at("test").at("enum") == Json{"A", "B"});
  CHECK(procedure("shock").at("inputs").at("properties").at("test").at("enum") == Json{"C", "D", "E"});
  // Shooting-only and hand-to-hand-only inputs are offered only where they apply (B-07).
  CHECK_FALSE(procedure("fire").at("inputs").at("properties").contains("melee"));
  CHECK_FALSE(procedure("shock").at("inputs").at("properties").contains("artilleryCasualties"));
  const auto* rs = grapeshot::findRuleset("black-powder");
  CHECK(*rs->canonicalName("morale") == "break-test");
  CHECK(*rs->canonicalName("rally") == "brigade-morale");
  CHECK(*rs->canonicalName("fire") == "fire");
  CHECK(*rs->canonicalName("shock") == "shock");
  for (const char* p : {"break-test", "fire", "shock", "brigade-morale"}) checkFriendly(procedure(p).at("inputs"), p, true);
  for (const auto& [name, o] : rs->meta().at("options").items()) {
    INFO(name);
    CHECK(o.contains("ruling"));
    CHECK(o.contains("title"));
    CHECK(o.contains("description"));
    CHECK(o.contains("default"));
  }
  CHECK(rs->defaultOptions() == Json{{"B03_stack_margins", false}, {"B13_distance_per_point", 1}});
}

TEST_CASE("black-powder: every printed break-test modifier is applied with its printed value", "[black-powder][break-test]") {
  std::map<std::string, int> seen;  // printed label -> value traced, per time it counts
  std::map<std::string, int> times;  // printed label -> times counted
  const auto collect = [&](const Json& req) {
    const Json res = resolve(req);
    REQUIRE(res.at("ok") == true);
    for (const auto& s : res.at("trace"))
      if (s.at("kind") == "drm") {
        const std::string label = s.at("label");
        times[label] = s.at("times").get<int>();
        seen[label] = s.at("value").get<int>() / times[label];
      }
  };
  collect(Json::parse(R"({"procedure":"break-test","test":"B","unit":{"casualties":4,"disordered":true},
    "artilleryCasualties":true,"enemyOnFlank":true,"enemyOnRear":true,"dice":[3,3]})"));
  collect(Json::parse(R"({"procedure":"break-test","test":"C","melee":{"enemyCavalry":true},"dice":[3,3]})"));
  collect(Json::parse(R"({"procedure":"break-test","test":"C","melee":{"ownTotal":2,"enemyTotal":4},"dice":[3,3]})"));
  collect(Json::parse(R"({"procedure":"break-test","test":"C","unit":{"skirmishing":true},
    "melee":{"ownTotal":1,"enemyTotal":3,"enemyCavalry":true},"dice":[3,3]})"));
  collect(Json::parse(R"({"procedure":"break-test","test":"A","unit":{"casualties":6},"dice":[3,3]})"));
  for (const auto& e : grapeshot::findRuleset("black-powder")->table("breakTestModifiers").at("entries")) {
    const std::string label = e.at("label");
    INFO(label);
    REQUIRE(seen.count(label) == 1);
    CHECK(seen[label] == e.at("value").get<int>());
  }
  CHECK(times.at("Per excess casualty") == 3);  // 6 casualties on stamina 3 (B-06)
  CHECK(seen.at("Per excess casualty") == -1);
}

TEST_CASE("black-powder: rulings are cited where they decide the break test", "[black-powder][break-test][rulings]") {
  const auto res = [](const char* text) { return resolve(Json::parse(text)); };
  // B-04: the combat type of the test.
  CHECK(cites(res(R"({"procedure":"fire","dice":[3,3]})"), "B-04"));
  // B-03: tiers exclusive by default, stacked under the option.
  const Json tiers = res(R"({"procedure":"shock","melee":{"ownTotal":1,"enemyTotal":3},"dice":[3,3]})");
  CHECK(cites(tiers, "B-03"));
  CHECK(tiers.at("result").at("drm") == -3);
  const Json stacked =
      res(R"({"procedure":"shock","melee":{"ownTotal":1,"enemyTotal":3},"options":{"B03_stack_margins":true},"dice":[3,3]})");
  CHECK(cites(stacked, "B-03"));
  CHECK(stacked.at("result").at("drm") == -6);
  // B-05: a loser's 0 is treble.
  CHECK(cites(res(R"({"procedure":"shock","melee":{"ownTotal":0,"enemyTotal":2},"dice":[3,3]})"), "B-05"));
  // B-06: excess casualties carry their ruling.
  CHECK(cites(res(R"({"procedure":"fire","unit":{"casualties":4},"dice":[3,3]})"), "B-06"));
  // B-07: artillery casualties ignored outside A/B; applied under B.
  const Json c = res(R"({"procedure":"break-test","test":"C","artilleryCasualties":true,"dice":[3,3]})");
  CHECK(cites(c, "B-07"));
  CHECK(c.at("result").at("drm") == -1);
  CHECK(cites(res(R"({"procedure":"fire","test":"B","artilleryCasualties":true,"dice":[3,3]})"), "B-07"));
  // B-08: cavalry 7+ hand-to-hand; B-04 for cavalry under E; B-10 artillery in hand-to-hand.
  CHECK(cites(res(R"({"procedure":"shock","test":"D","unit":{"arm":"cavalry"},"dice":[6,6]})"), "B-08"));
  const Json e = res(R"({"procedure":"shock","test":"E","unit":{"arm":"cavalry"},"dice":[6,6]})");
  CHECK(e.at("result").at("outcome") == "holdSupporting");
  CHECK_FALSE(cites(e, "B-08"));
  CHECK(cites(res(R"({"procedure":"shock","test":"D","unit":{"arm":"artillery"},"dice":[6,6]})"), "B-10"));
  // B-09: unable to comply.
  CHECK(cites(res(R"({"procedure":"fire","roomToRetire":"none","dice":[2,3]})"), "B-09"));
}

TEST_CASE("black-powder: a break test rolls exactly two d6, each reported", "[black-powder][break-test]") {
  const Json r = resolve(Json{{"procedure", "break-test"}, {"test", "D"}, {"seed", 12345}});
  REQUIRE(r.at("ok") == true);
  REQUIRE(r.at("rolls").size() == 2);
  const int a = r.at("rolls")[0].at("natural"), b = r.at("rolls")[1].at("natural");
  CHECK(r.at("result").at("dice") == Json{a, b});
  CHECK(r.at("result").at("modifiedRoll") == a + b);
  for (const auto& roll : r.at("rolls")) CHECK(roll.at("die") == "d6");
}
