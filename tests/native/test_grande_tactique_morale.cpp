// grande-tactique procedures: the 4+ criterion over every die face and modifier (G-01 both ways),
// rally = the De-Shaking Morale Check, the charge's roll order (G-11 reading), and the trace citing
// each ruling where it decides. Worked single cases live in tests/fixtures/grande-tactique/.
#include <catch2/catch.hpp>

#include <map>

#include "core/engine.h"
#include "core/odds.h"
#include "core/ruleset.h"

using grapeshot::Json;

namespace {

Json run(Json request) {
  request["ruleset"] = "grande-tactique";
  const Json out = grapeshot::resolve(request);
  INFO(out.dump());
  REQUIRE(out.at("ok") == true);
  return out;
}

bool cites(const Json& response, const std::string& ref, const std::string& kind = "") {
  for (const auto& s : response.at("trace"))
    if (s.value("ref", "") == ref && (kind.empty() || s.at("kind") == kind)) return true;
  return false;
}

const Json kInfantry = {{"arm", "infantry"}};
const Json kCavalry = {{"arm", "cavalry"}};

}  // namespace

TEST_CASE("grande-tactique: pass on d6 + modifiers >= 4, for every face and modifier (G-01)", "[grande-tactique][morale]") {
  for (const bool natural : {false, true}) {
    for (int drm = -6; drm <= 6; ++drm) {
      // The printed criterion, restated: roll 4 or higher after modifiers; with G01_nat a natural 6
      // always passes and a natural 1 always fails.
      auto passes = [&](int n) { return natural ? (n == 6 || (n != 1 && n + drm >= 4)) : n + drm >= 4; };
      Json needs = nullptr;
      for (int n = 6; n >= 1; --n)
        if (passes(n)) needs = n;
      for (int n = 1; n <= 6; ++n) {
        INFO("G01_nat " << natural << ", drm " << drm << ", d6 " << n);
        const Json r = run({{"procedure", "morale"}, {"occasion", "beingCharged"}, {"unit", kInfantry},
                            {"extraDrm", drm}, {"dice", {n}}, {"options", {{"G01_nat", natural}}}});
        const Json& res = r.at("result");
        CHECK(res.at("passed") == passes(n));
        CHECK(res.at("drm") == drm);
        CHECK(res.at("modified") == n + drm);
        CHECK(res.at("needs") == needs);
        CHECK(r.at("rolls").size() == 1);
        CHECK(cites(r, "G-01", "check"));
        // The trace names G-01 as a ruling exactly when the option is on and the natural is 6 or 1.
        CHECK(cites(r, "G-01", "ruling") == (natural && (n == 1 || n == 6)));
      }
    }
  }
}

TEST_CASE("grande-tactique: rally is the De-Shaking Morale Check of a shaken unit", "[grande-tactique][rally]") {
  const char* flags[] = {"upslopeOfNearestEnemy", "inBuiltUpArea", "defendingLinearTerrainFeature", "generalAttached"};
  for (const char* quality : {"raw", "normal", "veteran"})
    for (int mask = 0; mask < 16; ++mask)
      for (int n = 1; n <= 6; ++n) {
        Json unit = {{"arm", "infantry"}, {"quality", quality}};
        for (int b = 0; b < 4; ++b) unit[flags[b]] = ((mask >> b) & 1) != 0;
        const Json rally = run({{"procedure", "rally"}, {"unit", unit}, {"dice", {n}}});
        unit["state"] = "shaken";
        const Json morale = run({{"procedure", "morale"}, {"occasion", "deShaking"}, {"unit", unit}, {"dice", {n}}});
        INFO(unit.dump() << " d6 " << n);
        for (const char* k : {"natural", "drm", "modified", "needs", "passed", "consequence"})
          CHECK(rally.at("result").at(k) == morale.at("result").at(k));
        CHECK(rally.at("result").at("unit").at("state") == (rally.at("result").at("passed").get<bool>() ? "eager" : "shaken"));
        // Worked by hand: -1 shaken, +-1 quality, +1 once for any terrain (G-03), +1 general.
        const int q = std::string(quality) == "raw" ? -1 : std::string(quality) == "veteran" ? 1 : 0;
        const int drm = -1 + q + ((mask & 7) ? 1 : 0) + ((mask & 8) ? 1 : 0);
        CHECK(rally.at("result").at("drm") == drm);
      }
}

TEST_CASE("grande-tactique: the target rolls only when the attackers pass; a failure shakes every attacker",
          "[grande-tactique][charge]") {
  for (int helpers = 0; helpers <= 3; ++helpers)
    for (int a = 1; a <= 6; ++a)
      for (int t = 1; t <= 6; ++t) {
        INFO(helpers << " helpers, dice " << a << ", " << t);
        const Json r = run({{"procedure", "charge"}, {"attacker", kInfantry}, {"target", kInfantry},
                            {"helpers", Json(std::vector<Json>(static_cast<std::size_t>(helpers), kInfantry))},
                            {"dice", {a, t}}});
        const Json& res = r.at("result");
        const int attackersDrm = helpers > 0 ? 1 : 0;  // help from friends (G-09)
        const int targetDrm = helpers > 0 ? -1 : 0;    // charged by more than one unit (G-09)
        const bool attackersPass = a + attackersDrm >= 4;
        CHECK(res.at("attackers").at("passed") == attackersPass);
        CHECK(res.at("attackers").at("chargers") == 1 + helpers);
        CHECK(res.at("attackerStates").size() == static_cast<std::size_t>(1 + helpers));
        CHECK(cites(r, "G-11", "ruling"));
        CHECK(cites(r, "G-09") == (helpers > 0));
        if (!attackersPass) {
          CHECK(r.at("rolls").size() == 1);
          CHECK(res.at("target").at("rolled") == false);
          CHECK(res.at("outcome") == "chargeFailed");
          for (const auto& s : res.at("attackerStates")) CHECK(s == "shaken");
          CHECK(cites(r, "Charging page", "note"));
        } else {
          CHECK(r.at("rolls").size() == 2);
          CHECK(res.at("target").at("rolled") == true);
          CHECK(res.at("target").at("drm") == targetDrm);
          CHECK(res.at("outcome") == (t + targetDrm >= 4 ? "bothPassed" : "targetFailed"));
          for (const auto& s : res.at("attackerStates")) CHECK(s == "eager");
          CHECK(res.at("consequence").get<std::string>().find("melee rules") != std::string::npos);
        }
      }
}

TEST_CASE("grande-tactique: the trace cites the ruling that decided each modifier or outcome", "[grande-tactique][trace]") {
  auto chargeAttempt = [](Json unit, Json charge, Json options = Json::object()) {
    return run({{"procedure", "morale"}, {"occasion", "chargeAttempt"}, {"unit", unit}, {"charge", charge},
                {"dice", {4}}, {"options", options}});
  };
  SECTION("G-03: several terrain conditions give one +1") {
    const Json r = run({{"procedure", "morale"}, {"occasion", "beingCharged"},
                        {"unit", {{"inBuiltUpArea", true}, {"upslopeOfNearestEnemy", true}}}, {"dice", {4}}});
    CHECK(cites(r, "G-03", "drm"));
    CHECK(cites(r, "G-03", "ruling"));
  }
  SECTION("G-04, G-05: cuirassiers against cavalry") {
    const Json r = chargeAttempt({{"arm", "cavalry"}, {"cuirassiers", true}}, {{"target", kCavalry}});
    CHECK(cites(r, "G-04", "drm"));
    CHECK(cites(r, "G-05", "drm"));
    CHECK(cites(r, "G-05", "ruling"));
  }
  SECTION("G-04 option both ways when countercharged") {
    const Json charge = {{"target", kCavalry}, {"counterchargedByCavalry", true}};
    const Json off = chargeAttempt(kCavalry, charge);
    const Json on = chargeAttempt(kCavalry, charge, {{"G04_not_if_countercharged", true}});
    CHECK(off.at("result").at("drm") == 1);
    CHECK(on.at("result").at("drm") == 0);
    CHECK(cites(off, "G-04", "ruling"));
    CHECK(cites(on, "G-04", "ruling"));
    CHECK_FALSE(cites(on, "G-04", "drm"));
  }
  SECTION("G-04: the charged cavalry does not get the bonus") {
    const Json r = run({{"procedure", "morale"}, {"occasion", "beingCharged"}, {"unit", kCavalry},
                        {"chargedBy", {{"byCavalry", true}}}, {"dice", {4}}});
    CHECK(r.at("result").at("drm") == 0);
    CHECK(cites(r, "G-04", "ruling"));
  }
  SECTION("G-06: lancers") {
    const Json r = chargeAttempt({{"arm", "cavalry"}, {"lancers", true}}, {{"target", kInfantry}});
    CHECK(r.at("result").at("drm") == 2);
    CHECK(cites(r, "G-06", "ruling"));
  }
  SECTION("G-07: follow-up charges") {
    CHECK(cites(chargeAttempt(kCavalry, {{"target", kInfantry}, {"followUp", "first"}}), "G-07", "drm"));
    CHECK(cites(chargeAttempt(kCavalry, {{"target", kInfantry}, {"followUp", "second"}}), "G-07", "drm"));
  }
  SECTION("G-13: geometry flags") {
    CHECK(cites(chargeAttempt(kInfantry, {{"target", kInfantry}, {"flankCharge", true}}), "G-13", "drm"));
    CHECK(cites(chargeAttempt(kInfantry, {{"target", kInfantry}, {"enMasse", true}}), "G-13", "drm"));
  }
  SECTION("G-11: a failed charge attempt, and being charged") {
    const Json fail = run({{"procedure", "morale"}, {"occasion", "chargeAttempt"}, {"unit", kInfantry},
                           {"charge", {{"target", kInfantry}}}, {"dice", {3}}});
    CHECK(cites(fail, "G-11", "ruling"));
    const Json charged = run({{"procedure", "morale"}, {"occasion", "beingCharged"}, {"unit", kInfantry}, {"dice", {3}}});
    CHECK(cites(charged, "G-11", "ruling"));
    CHECK(charged.at("result").at("consequence") == "notInExcerpt");
  }
  SECTION("G-12 both ways") {
    for (const bool invert : {false, true}) {
      const Json r = run({{"procedure", "morale"}, {"occasion", "cavalryAfterSuccessfulCharge"}, {"unit", kCavalry},
                          {"dice", {4}}, {"options", {{"G12_invert", invert}}}});
      CHECK(cites(r, "G-12", "ruling"));
      CHECK(r.at("result").at("consequence") == (invert ? "mustPursue" : "followUpOrHalt"));
    }
  }
}

TEST_CASE("grande-tactique: a procedure the excerpt does not cover is unsupported", "[grande-tactique][errors]") {
  const Json r = grapeshot::resolve(Json{{"ruleset", "grande-tactique"}, {"procedure", "fire"}, {"dice", {4}}});
  REQUIRE(r.at("ok") == false);
  // "unsupported" when another ruleset has fire; a build filtered to this ruleset alone has none.
  bool elsewhere = false;
  for (const auto& rs : grapeshot::rulesets()) elsewhere = elsewhere || rs.canonicalName("fire") != nullptr;
  CHECK(r.at("error").at("code") == (elsewhere ? "unsupported_procedure" : "unknown_procedure"));
  CHECK(r.at("error").at("path") == "/procedure");
  const std::string message = r.at("error").at("message");
  for (const char* p : {"morale", "rally", "charge"}) CHECK(message.find(p) != std::string::npos);
  // "shock" is an alias of charge.
  CHECK(run({{"procedure", "shock"}, {"attacker", kInfantry}, {"target", kInfantry}, {"dice", {4, 4}}}).at("procedure") ==
        "charge");
}

TEST_CASE("grande-tactique: exact odds of a charge, worked by hand", "[grande-tactique][odds]") {
  // Cavalry (+1 vs infantry not in square) with one infantry helper (+1 help) against infantry:
  // attackers +2 need 2+ = 5/6. The target (-1 more than one unit) needs 5+ = 2/6.
  // chargeFailed 1/6; targetFailed 5/6 * 4/6 = 20/36 = 5/9; bothPassed 5/6 * 2/6 = 10/36 = 5/18.
  const Json o = grapeshot::odds(Json{{"ruleset", "grande-tactique"}, {"procedure", "charge"}, {"attacker", kCavalry},
                                      {"helpers", {kInfantry}}, {"target", kInfantry}});
  REQUIRE(o.at("ok") == true);
  std::map<std::string, std::string> got;
  for (const auto& e : o.at("distributions").at("outcome"))
    got[e.at("value").get<std::string>()] = std::to_string(e.at("fraction").at("num").get<long long>()) + "/" +
                                             std::to_string(e.at("fraction").at("den").get<long long>());
  CHECK(got == std::map<std::string, std::string>{{"chargeFailed", "1/6"}, {"targetFailed", "5/9"}, {"bothPassed", "5/18"}});
  // De-shaking a normal shaken cavalry unit: needs 5+, so 1/3 pass (Sequence of Play example).
  const Json r = grapeshot::odds(Json{{"ruleset", "grande-tactique"}, {"procedure", "rally"}, {"unit", kCavalry}});
  REQUIRE(r.at("ok") == true);
  for (const auto& e : r.at("distributions").at("consequence"))
    if (e.at("value") == "removeShaken") CHECK(e.at("fraction") == Json{{"num", 1}, {"den", 3}});
}
