// Messages (core/message.h): a sentence of the catalog rendered from its parameters, and its
// structured form {id, params}.
#include <catch2/catch.hpp>

#include "core/engine.h"
#include "core/error.h"
#include "core/message.h"

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
