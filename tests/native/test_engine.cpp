// The request envelope (src/core/engine.cpp): `trace: false` changes nothing but the explanation.
#include <catch2/catch.hpp>

#include "core/engine.h"

using grapeshot::Json;

TEST_CASE("trace: false gives the same result and rolls, without the trace", "[engine]") {
  for (const char* text : {
           R"({"ruleset":"battles-of-waterloo","procedure":"shock","seed":5,
               "attacker":{"units":[{"strength":6,"steps":3,"cohesion":5},{"type":"heavyCavalry","strength":3,"steps":2,"cohesion":6,"chargeThrough":"flank"}]},
               "defender":{"units":[{"strength":4,"steps":3,"cohesion":5}],"terrain":"village"}})",
           R"({"ruleset":"napoleon-iii-1866","procedure":"shock","seed":9,
               "attacker":{"units":[{"combatValue":6,"morale":4}]},"defender":{"units":[{"combatValue":4,"morale":3}]}})"}) {
    Json req = Json::parse(text);
    const Json traced = grapeshot::resolve(req);
    req["trace"] = false;
    const Json bare = grapeshot::resolve(req);
    REQUIRE(traced.at("ok") == true);
    REQUIRE(bare.at("ok") == true);
    CHECK_FALSE(traced.at("trace").empty());
    CHECK_FALSE(bare.contains("trace"));
    CHECK(bare.at("result") == traced.at("result"));
    CHECK(bare.at("rolls") == traced.at("rolls"));
  }
  Json wrong = Json::parse(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":3},"trace":"no"})");
  const Json r = grapeshot::resolve(wrong);
  CHECK(r.at("error").at("code") == "wrong_type");
  CHECK(r.at("error").at("path") == "/trace");
}
