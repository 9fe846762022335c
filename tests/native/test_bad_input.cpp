// Hostile input the fixture file cannot carry: raw invalid UTF-8, 100,000 levels of nesting, 10 MB
// strings. Each is refused with its code and path, and a known request still resolves. (How fast
// each is refused is a budget in `npm run bench`, never a test: timings fail on loaded machines.)
// (tests/fixtures/bad-input.json holds the other classes; it runs natively and in WASM.)
#include <catch2/catch.hpp>

#include "core/engine.h"
#include "core/odds.h"
#include "core/receipt.h"

using grapeshot::Json;

namespace {

const std::string kMorale = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3]})";

void knownStillWorks() {
  const Json r = Json::parse(grapeshot::resolveJson(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[5]})"));
  REQUIRE(r.at("ok") == true);
  CHECK(r.at("result").at("passed") == false);
}

void expectRefused(const std::string& text, const std::string& code, const std::string& path) {
  const std::string out = grapeshot::resolveJson(text, 1u);
  const Json r = Json::parse(out);
  CHECK(r.at("ok") == false);
  CHECK(r.at("error").at("code") == code);
  CHECK(r.at("error").at("path") == path);
  CHECK(r.at("error").at("message").get<std::string>().size() < 1000);
  knownStillWorks();
}

std::string withTerrain(const std::string& raw) {
  return R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3],"terrain":")" + raw + "\"}";
}

}  // namespace

TEST_CASE("invalid UTF-8 is a parse_error", "[bad-input]") {
  for (const std::string& bad : {std::string("\xff"), std::string("\xc0\x80"), std::string("\xe2\x82"), std::string("\xed\xa0\x80"),
                                std::string("\xf4\x90\x80\x80"), std::string("\x80"), std::string("wo\xf0\x9f\x98ods")}) {
    INFO("bytes of length " << bad.size());
    expectRefused(withTerrain(bad), "parse_error", "");
  }
  // Valid multi-byte UTF-8 is fine: it is just not a terrain.
  expectRefused(withTerrain("w\xc3\xa9ods"), "invalid_value", "/terrain");
}

TEST_CASE("100,000 levels of nesting are refused without recursion", "[bad-input]") {
  // 100,000 levels take more than 64 KiB of text: refused unparsed.
  expectRefused(std::string(100000, '[') + std::string(100000, ']'), "request_too_large", "");
  expectRefused(std::string(100000, '['), "request_too_large", "");
  // As deep as fits under the limit: parsed without recursion and refused for its depth.
  expectRefused(std::string(8000, '[') + std::string(8000, ']'), "parse_error", "");
  expectRefused(std::string(16000, '['), "parse_error", "");
  std::string objects;
  for (int i = 0; i < 2500; ++i) objects += R"({"a":)";
  objects += "1" + std::string(2500, '}');
  expectRefused(objects, "parse_error", "");
  // 64 levels are still fine (and then refused for what they are: an unknown field).
  std::string ok64 = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3],"x":)" +
                     std::string(62, '[') + std::string(62, ']') + "}";
  expectRefused(ok64, "unknown_field", "/x");
}

TEST_CASE("10 MB strings are refused before parsing", "[bad-input]") {
  const std::string big(10u << 20, 'w');
  expectRefused(withTerrain(big), "request_too_large", "");
  expectRefused("\"" + big + "\"", "request_too_large", "");
  expectRefused(std::string(10u << 20, ' '), "request_too_large", "");
  const Json verified = Json::parse(grapeshot::verifyJson(big));
  CHECK(verified.at("ok") == false);
  CHECK(verified.at("error").at("code") == "request_too_large");
  CHECK(verified.at("error").at("path") == "");
  // Just under the limit: parsed, and refused for its content with a short message.
  const std::string under(grapeshot::kMaxRequestBytes - 200, 'w');
  expectRefused(withTerrain(under), "invalid_value", "/terrain");
  const std::string key(grapeshot::kMaxRequestBytes - 200, 'k');
  const std::string unknownKey = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3],")" + key + R"(":1})";
  const Json r = Json::parse(grapeshot::resolveJson(unknownKey));
  CHECK(r.at("ok") == false);
  CHECK(r.at("error").at("code") == "unknown_field");
  CHECK(r.at("error").at("path") == "/" + key);  // the pointer stays exact; the message is clipped
  CHECK(r.at("error").at("message").get<std::string>().size() < 100);
}

TEST_CASE("duplicate keys are refused at any depth", "[bad-input]") {
  expectRefused(R"({"ruleset":"napoleon-iii-1866","ruleset":"napoleon-iii-1866"})", "parse_error", "");
  expectRefused(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4,"morale":9},"dice":[3]})", "parse_error", "");
  // The same key in sibling objects is not a duplicate: both firers count, 3 + 4 = 7 at a clear hex
  // (protection 1), -1 artillery fire = column 6; d6 3 -> row 3, column 6 = D.
  const Json r = Json::parse(grapeshot::resolveJson(
      R"({"ruleset":"napoleon-iii-1866","procedure":"fire","firers":[{"combatValue":3},{"combatValue":4}],"target":{},"dice":[3,3,3,3,3,3]})"));
  REQUIRE(r.at("ok") == true);
  CHECK(r.at("result").at("strength") == 7);
  CHECK(r.at("result").at("baseColumn") == 7);
  CHECK(r.at("result").at("column") == 6);
  CHECK(r.at("result").at("cell") == "D");
}

namespace {

void checkRefusal(const Json& r, const std::string& code, const std::string& path) {
  CHECK(r.at("ok") == false);
  CHECK(r.at("error").at("code") == code);
  CHECK(r.at("error").at("path") == path);
}

}  // namespace

TEST_CASE("every entry point answers garbage with an envelope", "[bad-input]") {
  // Text that is not JSON: a parse_error at the top, from the parser and from each text entry point.
  for (const std::string& text : {std::string(""), std::string("nul"), std::string("[1,2"), kMorale + "x"}) {
    INFO(text);
    Json req, err;
    CHECK_FALSE(grapeshot::parseRequest(text, req, err));
    checkRefusal(err, "parse_error", "");
    checkRefusal(Json::parse(grapeshot::resolveJson(text)), "parse_error", "");
    checkRefusal(Json::parse(grapeshot::verifyJson(text)), "parse_error", "");
  }
  // JSON that is no request: each entry point names the field it cannot use.
  Json req, err;
  REQUIRE(grapeshot::parseRequest(R"({"ruleset":1})", req, err));
  checkRefusal(grapeshot::lookup(req), "wrong_type", "/ruleset");
  checkRefusal(grapeshot::table(req), "wrong_type", "/ruleset");
  checkRefusal(grapeshot::resolve(req, 1u), "wrong_type", "/ruleset");
  checkRefusal(grapeshot::verify(req), "missing_field", "/format");  // "ruleset" is a receipt's field too
}

TEST_CASE("an object with more than 256 keys is refused while parsing", "[bad-input]") {
  std::string many = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3])";
  for (int i = 0; i < 1000; ++i) many += ",\"f" + std::to_string(i) + "\":1";
  expectRefused(many + "}", "request_too_large", "");
  std::string some = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3])";
  for (int i = 0; i < 200; ++i) some += ",\"f" + std::to_string(i) + "\":1";  // 2 KB
  expectRefused(some + "}", "unknown_field", "/f0");
}

TEST_CASE("an array with more than 1024 items is refused while parsing", "[bad-input]") {
  std::string dice = "[3";
  for (int i = 0; i < 2000; ++i) dice += ",3";
  expectRefused(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":)" + dice + "]}",
                "request_too_large", "");
  std::string nestedItems = "[[]";
  for (int i = 0; i < 1100; ++i) nestedItems += ",{}";
  expectRefused(R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},"dice":[3],"x":)" + nestedItems + "]}",
                "request_too_large", "");
}

TEST_CASE("a NUL byte is not JSON, even after a complete request", "[bad-input]") {
  expectRefused(kMorale + std::string("\0garbage", 8), "parse_error", "");
  expectRefused(kMorale + std::string(1, '\0'), "parse_error", "");
}

TEST_CASE("odds refuses every envelope field resolve refuses, with the same code and path", "[bad-input][odds]") {
  const std::string base = R"({"ruleset":"napoleon-iii-1866","procedure":"morale","unit":{"morale":4},)";
  struct Refusal {
    std::string tail, code, path;
  };
  for (const Refusal& c : {Refusal{R"("dice":["x"]})", "wrong_type", "/dice/0"},
                           Refusal{R"("seed":-1})", "out_of_range", "/seed"},
                           Refusal{R"("seed":"1"})", "wrong_type", "/seed"},
                           Refusal{R"("dice":[3],"seed":1})", "conflicting_fields", "/seed"},
                           Refusal{R"("receipt":"yes"})", "wrong_type", "/receipt"},
                           Refusal{R"("commitReveal":{}})", "missing_field", "/commitReveal/commitments"},
                           Refusal{R"("commitReveal":1,"seed":1})", "conflicting_fields", "/commitReveal"}}) {
    INFO(c.tail);
    const Json req = Json::parse(base + c.tail);
    checkRefusal(grapeshot::resolve(req, 1u), c.code, c.path);
    checkRefusal(grapeshot::odds(req), c.code, c.path);
  }
}

TEST_CASE("a batch holds at most kMaxBatchItems requests; its items' own arrays at most 1024", "[bad-input][batch]") {
  auto batchText = [](std::size_t n) {
    std::string t = "[";
    for (std::size_t i = 0; i < n; ++i) t += (i ? ",{}" : "{}");
    return t + "]";
  };
  Json req, err;
  CHECK(grapeshot::parseRequest(batchText(grapeshot::kMaxBatchItems), req, err, grapeshot::kMaxBatchBytes));
  CHECK(req.size() == grapeshot::kMaxBatchItems);
  CHECK_FALSE(grapeshot::parseRequest(batchText(grapeshot::kMaxBatchItems + 1), req, err, grapeshot::kMaxBatchBytes));
  checkRefusal(err, "request_too_large", "");
  // Inside a batch item, the single-request limit holds.
  std::string dice = "[{\"dice\":[";
  for (int i = 0; i < 1025; ++i) dice += (i ? ",1" : "1");
  dice += "]}]";
  CHECK_FALSE(grapeshot::parseRequest(dice, req, err, grapeshot::kMaxBatchBytes));
  checkRefusal(err, "request_too_large", "");
}
