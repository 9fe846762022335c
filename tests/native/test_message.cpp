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
