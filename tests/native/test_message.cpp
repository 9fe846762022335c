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
  const Message m = msg::errorNotDieFace(0, 9, "d6", 1, 6);
  CHECK(std::string(m.id()) == "error.notDieFace");
  CHECK(m.text() == "dice[0] = 9 is not a face of a d6 (1..6)");
  std::string structured;
  m.appendStructured(structured);
  CHECK(structured == R"({"id":"error.notDieFace","params":{"index":0,"value":9,"die":"d6","low":1,"high":6}})");
  CHECK(toText(m.structured()) == structured);
  CHECK(msg::errorMissingFieldTitled("cohesion", "Cohesion rating").text() == "missing required field \"cohesion\" (Cohesion rating)");
}

TEST_CASE("an error envelope carries the message as text and as data", "[message]") {
  const Json r = resolve(Json::parse(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[9]})"));
  REQUIRE(r.at("ok") == false);
  const Json& e = r.at("error");
  CHECK(e.at("code") == "die_out_of_range");
  CHECK(e.at("path") == "/dice/0");
  CHECK(e.at("message") == "dice[0] = 9 is not a face of a d6 (1..6)");
  CHECK(e.at("messages").at("message") ==
        Json::parse(R"({"id":"error.notDieFace","params":{"index":0,"value":9,"die":"d6","low":1,"high":6}})"));
  // The text entry point writes the same envelope.
  CHECK(Json::parse(resolveJson(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[9]})")) == r);
}

namespace {
// Renders {id, params} again from the catalog: what a host does with the structured form.
std::string rerender(const Json& structured) {
  const std::string id = structured.at("id").get<std::string>();
  int index = -1;
  for (int i = 0; i < msg::kCount; ++i)
    if (id == msg::kIds[i]) index = i;
  REQUIRE(index >= 0);
  // The parameters in the order the structured form lists them: the catalog's.
  std::vector<TraceValue> params;
  for (const auto& [name, value] : structured.at("params").items()) {
    if (value.is_string()) params.push_back(TraceValue(value.get<std::string>()));
    else if (value.is_number_integer()) params.push_back(TraceValue(value.get<std::int64_t>()));
    else params.push_back(TraceValue(value));
  }
  return Message(index, std::move(params)).text();
}
}  // namespace

TEST_CASE("a procedure's request error is a catalog message, its parameters typed", "[message]") {
  const Json r = resolve(Json::parse(
      R"({"ruleset":"black-powder","procedure":"brigade-morale","dice":[],"commandRating":8,"units":[{"stamina":2,"state":"lost"}]})"));
  REQUIRE(r.at("ok") == false);
  const Json& e = r.at("error");
  CHECK(e.at("messages").at("message").at("id") == "black-powder.error.noBrigadeLeft");
  CHECK(rerender(e.at("messages").at("message")) == e.at("message").get<std::string>());
  // A plural: the side's count of units.
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 1).text() == "stepLossOrder names unit 3, and the side has 1 unit");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 2).text() == "stepLossOrder names unit 3, and the side has 2 units");
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
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 0).text(Lang::en) == "stepLossOrder names unit 3, and the side has 0 units");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 0).text(Lang::fr) == "stepLossOrder désigne l'unité 3, et le camp a 0 unité");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 1).text(Lang::fr) == "stepLossOrder désigne l'unité 3, et le camp a 1 unité");
  CHECK(msg::battlesOfWaterlooErrorStepLossOrderNoUnit(3, 2).text(Lang::fr) == "stepLossOrder désigne l'unité 3, et le camp a 2 unités");
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
  CHECK(e.at("error").at("message") == "dice[0] = 9 n'est pas une face de d6 (1..6)");
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
