// Messages (core/message.h): a sentence of the catalog rendered from its parameters, and its
// structured form {id, params}.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/engine.h"
#include "core/error.h"
#include "core/message.h"
#include "core/trace.h"

using namespace grapeshot;

TEST_CASE("a message renders its catalog template with its parameters, and as {id, params}", "[message]") {
  const Message m = msg::errorNotDieFace(1, 9, "d6", 1, 6);
  CHECK(std::string(m.id()) == "error.notDieFace");
  CHECK(m.text() == "die 1 of the dice given is 9: a d6 has faces 1 to 6");
  std::string structured;
  m.appendStructured(structured);
  CHECK(structured == R"({"id":"error.notDieFace","params":{"number":1,"value":9,"die":"d6","low":1,"high":6}})");
  CHECK(toText(m.structured()) == structured);
  // Texts to escape and a text longer than the writer's stack buffer go the long way, with the same result.
  for (const std::string& text : {std::string("quote \" and \\"), std::string(300, 'x'), std::string("s\xC3\xA9")}) {
    const Message t = msg::errorNotDieFace(1, 9, text, -1, 18446744073709551615u);
    std::string written;
    t.appendStructured(written);
    CHECK(written == toText(t.structured()));
  }
  CHECK(msg::errorMissingFieldTitled("Cohesion rating", "cohesion").text() == "Cohesion rating: missing (required field \"cohesion\")");
}

TEST_CASE("an error envelope carries the message as text and as data", "[message]") {
  const Json r = resolve(Json::parse(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[9]})"));
  REQUIRE(r.at("ok") == false);
  const Json& e = r.at("error");
  CHECK(e.at("code") == "die_out_of_range");
  CHECK(e.at("path") == "/dice/0");
  CHECK(e.at("message") == "die 1 of the dice given is 9: a d6 has faces 1 to 6");  // numbered from 1, as a player counts
  CHECK(e.at("messages").at("message") ==
        Json::parse(R"({"id":"error.notDieFace","params":{"number":1,"value":9,"die":"d6","low":1,"high":6}})"));
  // The text entry point writes the same envelope.
  CHECK(Json::parse(resolveJson(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[9]})")) == r);
}

namespace {
// The Message of {id, params} again, from the catalog: what a host does with the structured form. A
// parameter that is itself {id, params} is a nested message.
Message remake(const Json& structured) {
  const std::string id = structured.at("id").get<std::string>();
  int index = -1;
  for (int i = 0; i < msg::kCount; ++i)
    if (id == msg::kIds[i]) index = i;
  REQUIRE(index >= 0);
  // The parameters in the order the structured form lists them: the catalog's.
  std::vector<TraceValue> params;
  for (const auto& [name, value] : structured.at("params").items()) {
    if (value.is_object() && value.contains("id")) params.push_back(TraceValue(remake(value)));  // a nested message
    else if (value.is_string()) params.push_back(TraceValue(value.get<std::string>()));
    else if (value.is_number_integer()) params.push_back(TraceValue(value.get<std::int64_t>()));
    else params.push_back(TraceValue(value));
  }
  return Message(index, std::move(params));
}
std::string rerender(const Json& structured) { return remake(structured).text(); }
}  // namespace

TEST_CASE("a procedure's request error is a catalog message, its parameters typed", "[message]") {
  const Json r = resolve(Json::parse(
      R"({"ruleset":"black-powder","procedure":"brigade-morale","dice":[],"commandRating":8,"units":[{"stamina":2,"state":"lost"}]})"));
  REQUIRE(r.at("ok") == false);
  const Json& e = r.at("error");
  CHECK(e.at("messages").at("message").at("id") == "black-powder.error.noBrigadeLeft");
  CHECK(rerender(e.at("messages").at("message")) == e.at("message").get<std::string>());
  // A plural: the side's count of units.
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 1).text() == "Step loss order names unit 3, and the side has 1 unit");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 2).text() == "Step loss order names unit 3, and the side has 2 units");
  CHECK(msg::napoleonIii1866ErrorStepsLostEliminated(2, 2).structured() ==
        Json::parse(R"({"id":"napoleon-iii-1866.error.stepsLostEliminated","params":{"stepsLost":2,"steps":2}})"));
}

TEST_CASE("a trace sentence from the catalog carries {id, params} beside its text", "[message]") {
  const Json r = resolve(Json::parse(
      R"({"ruleset":"black-powder","procedure":"brigade-morale","dice":[],"commandRating":8,"units":[{"stamina":6},{"stamina":2,"state":"lost"},{"stamina":2,"state":"lost"}]})"));
  REQUIRE(r.at("ok") == true);
  bool found = false;
  for (const Json& step : r.at("trace")) {
    if (!step.contains("messages")) continue;
    const Json& m = step.at("messages").at("reason");
    CHECK(rerender(m) == step.at("reason").get<std::string>());
    if (m.at("id") == "black-powder.ruling.lastUnitRemoved") {
      found = true;
      CHECK(step.at("kind") == "ruling");
      CHECK(step.at("reason") == "only 1 unit left of 3: removed as broken, before any points test");
      CHECK(m.at("params") == Json::parse(R"({"left":1,"started":3})"));
    }
  }
  CHECK(found);
  // A unit's points are a catalog sentence too (black-powder.reason.unitPoints, issue 25).
  int units = 0;
  for (const Json& step : r.at("trace"))
    if (step.at("kind") == "points" && step.value("for", "").rfind("unit ", 0) == 0) {
      ++units;
      CHECK(step.at("messages").at("reason").at("id") == "black-powder.reason.unitPoints");
    }
  CHECK(units == 3);
  // A step whose reason is text alone has no "messages" member.
  TraceLog log;
  recordStep(log, step::Note{{}, "plain text", "X-1"});
  recordStep(log, step::Note{{}, msg::blackPowderNoteUnableToComply(), "B-09"});
  const Json steps = log.toJson();
  CHECK_FALSE(steps.at(0).contains("messages"));
  CHECK(steps.at(1).at("messages").at("reason").at("id") == "black-powder.note.unableToComply");
}

TEST_CASE("French: plurals (one is 0 and 1), the decimal comma, printed labels as printed (issue 28)", "[message][fr]") {
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 0).text(Lang::en) == "Step loss order names unit 3, and the side has 0 units");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 0).text(Lang::fr) == "L'ordre des pertes de pas désigne l'unité 3, et le camp a 0 unité");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 1).text(Lang::fr) == "L'ordre des pertes de pas désigne l'unité 3, et le camp a 1 unité");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 2).text(Lang::fr) == "L'ordre des pertes de pas désigne l'unité 3, et le camp a 2 unités");
  // A number is written with a decimal comma; a text parameter (a printed column label) is not touched.
  CHECK(msg::battlesOfWaterlooSummaryMovementCost(1.5).text(Lang::fr) == "coûte 1,5 PM");
  CHECK(msg::battlesOfWaterlooSummaryMovementCost(1.5).text(Lang::en) == "costs 1.5 MP");
  CHECK(msg::battlesOfWaterlooReasonFireScale("1.5-1").text(Lang::fr) == "échelle 1.5-1");
  // Without a request, English.
  CHECK(currentLang() == Lang::en);
  {
    const LangScope french(Lang::fr);
    CHECK(msg::errorTooManyDice().text() == "1000 dés au plus");
  }
  CHECK(msg::errorTooManyDice().text() == "at most 1000 dice");
}

TEST_CASE("a request's lang: every sentence in French, the structured forms those of English (issue 28)", "[message][fr]") {
  const std::string request =
      R"({"ruleset":"black-powder","procedure":"brigade-morale","dice":[],"commandRating":8,"units":[{"stamina":6},{"stamina":2,"state":"lost"},{"stamina":2,"state":"lost"}])";
  const Json en = resolve(Json::parse(request + "}"));
  const Json fr = resolve(Json::parse(request + R"(,"lang":"fr"})"));
  REQUIRE(en.at("ok") == true);
  REQUIRE(fr.at("ok") == true);
  CHECK(fr.at("result").at("summary") ==
        "Plus que 1 unité sur 3 : la brigade est automatiquement retirée comme rompue. Aucun dé lancé.");
  CHECK(fr.at("result").at("messages") == en.at("result").at("messages"));
  REQUIRE(fr.at("trace").size() == en.at("trace").size());
  for (std::size_t i = 0; i < en.at("trace").size(); ++i)
    CHECK(fr.at("trace")[i].value("messages", Json()) == en.at("trace")[i].value("messages", Json()));
  // `lang` is not an input: the canonical form, which commit–reveal binds, is the same.
  CHECK(canonical(Json::parse(request + R"(,"lang":"fr"})")) == canonical(Json::parse(request + "}")));
  // Errors in French too, their structured form unchanged.
  const Json e = resolve(Json::parse(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[9],"lang":"fr"})"));
  CHECK(e.at("error").at("message") == "le dé 1 des dés donnés vaut 9 : un d6 a les faces 1 à 6");
  CHECK(e.at("error").at("messages").at("message").at("id") == "error.notDieFace");
  // Anything but "en" or "fr" is refused at /lang, in English.
  const Json de = resolve(Json::parse(request + R"(,"lang":"de"})"));
  CHECK(de.at("error").at("code") == "invalid_value");
  CHECK(de.at("error").at("path") == "/lang");
  CHECK(de.at("error").at("message") == "unknown language \"de\": expected \"en\" or \"fr\"");
  const Json one = resolve(Json::parse(request + R"(,"lang":1})"));
  CHECK(one.at("error").at("code") == "wrong_type");
  CHECK(one.at("error").at("path") == "/lang");
}

TEST_CASE("describe(Lang::fr): the forms' texts in French, their structure that of English (issue 28)", "[message][fr]") {
  const Json& en = describe(Lang::en);
  const Json& fr = describe(Lang::fr);
  REQUIRE(en.size() == fr.size());
  const Json& waterlooEn = en.at(0);
  const Json& waterlooFr = fr.at(0);
  CHECK(waterlooFr.at("id") == waterlooEn.at("id"));
  CHECK(waterlooFr.at("rulings").at("W-01") == "d10 de 0-9 ou de 1-10 ? 0-9.");
  const Json& shock = waterlooFr.at("procedures").at(1);
  CHECK(shock.at("name") == "shock");
  CHECK(shock.at("title") == "Choc");
  const Json& type = shock.at("inputs").at("properties").at("attacker").at("properties").at("units").at("items").at("properties").at("type");
  CHECK(type.at("title") == "Type d'unité");
  CHECK(type.at("enum") == Json::parse(R"(["infantry","lightCavalry","heavyCavalry"])"));
  CHECK(type.at("x-enumLabels").at(0) == "Infanterie");
}

TEST_CASE("a parameter that is a message is rendered in the sentence and written as its own {id, params}", "[message]") {
  // A unit's name is a sentence of the catalog too, so a host translates it with the sentence around it.
  const Message m = msg::battlesOfWaterlooSummaryIsEliminated(msg::battlesOfWaterlooSummaryAttackingUnit(2));
  CHECK(m.text() == "Attacking unit 2 is eliminated.");
  CHECK(m.structured() == Json::parse(R"({"id":"battles-of-waterloo.summary.isEliminated",
      "params":{"unit":{"id":"battles-of-waterloo.summary.attackingUnit","params":{"unit":2}}}})"));
  std::string written;
  m.appendStructured(written);
  CHECK(Json::parse(written) == m.structured());
  CHECK(rerender(m.structured()) == m.text());
}

TEST_CASE("a Waterloo shock's summary says how every unit's Cohesion Check came out, naming the unit as a message", "[message]") {
  // 10 v 4 over 40 seeds: cells with lower-case d and r on both sides, checks passed and failed.
  // Every check a unit's result lists is one sentence of the summary, and one check step of the trace.
  std::size_t passed = 0, failed = 0;
  for (int seed = 1; seed <= 40; ++seed) {
    const Json r = resolve(Json::parse(R"({"ruleset":"battles-of-waterloo","procedure":"shock","seed":)" + std::to_string(seed) + R"(,
        "attacker":{"units":[{"type":"infantry","strength":6,"cohesion":5,"steps":3},{"type":"infantry","strength":4,"cohesion":4,"steps":2}]},
        "defender":{"units":[{"type":"infantry","strength":4,"cohesion":5,"steps":3}]}})"));
    REQUIRE(r.at("ok") == true);
    const Json& result = r.at("result");
    std::size_t checks = 0, said = 0;
    for (const char* side : {"attacker", "defender"})
      for (const Json& u : result.at(side).at("units"))
        if (u.contains("checks")) checks += u.at("checks").size();
    for (const Json& s : result.at("messages").at("summary")) {
      const std::string id = s.at("id").get<std::string>();
      if (id == "battles-of-waterloo.summary.unitCheckPassed" || id == "battles-of-waterloo.summary.unitCheckFailed") {
        ++said;
        ++(id == "battles-of-waterloo.summary.unitCheckPassed" ? passed : failed);
        CHECK(s.at("params").at("unit").contains("id"));  // the unit's name is a nested message
      }
      CHECK(rerender(s) == remake(s).text());
    }
    CHECK(said == checks);
    // The Cohesion Check steps of the trace are exactly the checks the result lists.
    std::size_t traced = 0;
    for (const Json& step : r.at("trace")) traced += step.at("kind") == "check";
    CHECK(traced == checks);
  }
  CHECK(passed > 0);
  CHECK(failed > 0);
}
