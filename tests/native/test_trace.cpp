// The trace's compact records (trace.h): written as text, each step reads exactly as the same step
// built as a document and serialized, so the text and Json entry points agree byte for byte.
#include <catch2/catch.hpp>

#include "core/engine.h"
#include "core/trace.h"

using namespace grapeshot;

TEST_CASE("appendJsonString escapes exactly as the JSON writer does", "[trace]") {
  const std::string cases[] = {"plain text", "", "say \"9+\"", "back\\slash", "tab\there", "line\nbreak\r",
                               std::string("nul\0byte", 8), "\x01\x1f\x7f", "\b\f", "band 2-6 \xE2\x80\x94 rallied",
                               "broken \xFF utf-8", "\xC3\xA9\xF0\x9F\x8E\xB2 \xE2\x80", "\xED\xA0\x80 surrogate",
                               "\xC0\xAF overlong", "\xF4\x90\x80\x80 beyond", "x\xF0\x9F\x8E", "\xEF\xBF\xBF\xF4\x8F\xBF\xBF"};
  for (const auto& s : cases) {
    INFO(toText(Json(s)));
    std::string out = "x";
    appendJsonString(out, s);
    CHECK(out == "x" + toText(Json(s)));
  }
}

TEST_CASE("a trace log renders each step with its kind first, its fields in order", "[trace]") {
  TraceLog log;
  std::string owned = "a unit \"A\"";
  TraceField first[] = {{"for", owned}, {"value", -3}, {nullptr, {}}, {"ref", "V-11"}};
  log.add(StepKind::drm, first, std::size(first));
  TraceField second[] = {{"passed", true}, {"count", std::size_t{18446744073709551615u}},
                         {"cell", Json::parse(R"({"attacker":"1","defender":null})")}, {"ratio", 1.5},
                         {"label", TraceValue::fromData("Woods")}};
  log.add(StepKind::check, second, std::size(second));
  owned = "changed after the step";  // the step kept its own copy
  std::string text;
  log.appendTo(text);
  CHECK(text ==
        R"([{"kind":"drm","for":"a unit \"A\"","value":-3,"ref":"V-11"},)"
        R"({"kind":"check","passed":true,"count":18446744073709551615,"cell":{"attacker":"1","defender":null},"ratio":1.5,"label":"Woods"}])");
  CHECK(toText(log.toJson()) == text);
  TraceLog empty;
  std::string none;
  empty.appendTo(none);
  CHECK(none == "[]");
}

TEST_CASE("a step of a generated kind writes trace.json's fields in order, optional ones only when given", "[trace]") {
  TraceLog log;
  recordStep(log, step::Check{"the 2nd Line", "d10", 7, -1, 6, 5, step::PassIf::atMost, false, {}, "W-02"});
  recordStep(log, step::Table{{}, "fire", 3, "4-6", {}, "7", 8, TraceValue(), "d10", 7, 0, 7, {}, "FIRE COMBAT TABLE"});
  recordStep(log, step::Multiplier{"unit 1", Fraction{1, 2}, Fraction{5, 1}, Fraction{5, 2}, step::MultiplierRounding::exact,
                                   TraceValue::fromData("x1/2"), {}, {}});
  recordStep(log, step::Drm{"shock roll", -2, "Per loss level", 2, {}, {}, "V-10"});
  std::string text;
  log.appendTo(text);
  CHECK(text ==
        R"([{"kind":"check","for":"the 2nd Line","die":"d10","natural":7,"drm":-1,"modified":6,"target":5,"passIf":"atMost","passed":false,"ref":"W-02"},)"
        R"({"kind":"table","table":"fire","columnIndex":3,"columnLabel":"4-6","row":"7","rowIndex":8,"cell":null,"die":"d10","natural":7,"drm":0,"modified":7,"ref":"FIRE COMBAT TABLE"},)"
        R"({"kind":"multiplier","for":"unit 1","factor":{"num":1,"den":2},"before":{"num":5,"den":1},"after":{"num":5,"den":2},"rounding":"exact","label":"x1/2"},)"
        R"({"kind":"drm","for":"shock roll","value":-2,"label":"Per loss level","times":2,"ref":"V-10"}])");
  CHECK(toText(log.toJson()) == text);
}

TEST_CASE("a traced response reads the same from the text and the Json entry points", "[trace]") {
  const Json req = Json::parse(R"({"ruleset":"napoleon-iii-1866","procedure":"shock","seed":7,
    "attacker":{"units":[{"combatValue":6,"morale":4}]},"defender":{"units":[{"combatValue":4,"morale":4}]}})");
  const std::string text = resolveJson(req.dump());
  REQUIRE(Json::parse(text).at("ok") == true);
  CHECK_FALSE(Json::parse(text).at("trace").empty());
  CHECK(toText(resolve(req)) == text);
}

TEST_CASE("a roll log writes each natural roll with its die and purpose", "[trace]") {
  RollLog rolls;
  CHECK(rolls.empty());
  std::string who = "Cohesion Check of the 2nd Line";
  rolls.add("d10", 7, "shock");
  rolls.add("d6", 1, who);
  who.clear();  // the log kept its own copy
  std::string text;
  rolls.appendTo(text);
  CHECK(text == R"([{"die":"d10","natural":7,"purpose":"shock"},{"die":"d6","natural":1,"purpose":"Cohesion Check of the 2nd Line"}])");
  CHECK(toText(rolls.toJson()) == text);
}
