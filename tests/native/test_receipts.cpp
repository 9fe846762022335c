// SHA-256 (FIPS 180-4 vectors), the commit–reveal seed, roll receipts and verify(): honest runs
// verify, every kind of tampering is reported with its path.
#include <catch2/catch.hpp>

#include "core/engine.h"
#include "core/odds.h"
#include "core/receipt.h"
#include "core/ruleset.h"
#include "core/sha256.h"

using namespace grapeshot;

namespace {

std::string secretHex(char fill) { return std::string(64, fill); }
std::string bytes(const std::string& hex) {
  std::string b;
  REQUIRE(fromHex(hex, b));
  return b;
}

Json moraleRequest() {
  return Json{{"ruleset", "napoleon-iii-1866"}, {"procedure", "morale"}, {"unit", {{"morale", 4}}}, {"seed", 777}, {"receipt", true}};
}

bool hasProblem(const Json& v, const std::string& code, const std::string& pathPrefix = "") {
  for (const auto& p : v.at("problems"))
    if (p.at("code") == code && p.at("path").get<std::string>().rfind(pathPrefix, 0) == 0) return true;
  return false;
}

}  // namespace

TEST_CASE("SHA-256 gives the FIPS 180-4 / NIST example digests", "[sha256]") {
  CHECK(sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  CHECK(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  CHECK(sha256Hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu") ==
        "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
  CHECK(sha256Hex(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Fed in pieces across block boundaries: the same digest.
  Sha256 h;
  const std::string msg(200, 'x');
  for (std::size_t i = 0; i < msg.size(); i += 7) h.update(msg.substr(i, 7));
  const auto d = h.digest();
  CHECK(toHex(d.data(), d.size()) == sha256Hex(msg));
  // Padding edge cases: 55, 56 and 64 bytes.
  CHECK(sha256Hex(std::string(55, 'a')) == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  CHECK(sha256Hex(std::string(56, 'a')) == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  CHECK(sha256Hex(std::string(64, 'a')) == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST_CASE("ruleset data hashes are SHA-256 hex", "[receipts]") {
  for (const auto& rs : rulesets()) CHECK(rs.dataHash().size() == 64);
}

namespace {

// The hash of the request both sides agreed, as the engine computes it (canonical()).
std::string requestHashOf(const Json& req) {
  const Json c = canonical(req);
  REQUIRE(c.at("ok") == true);
  return bytes(c.at("hash").get<std::string>());
}

// Both sides' commitments to `req` (without commitReveal) and `context`, and their secrets.
Json commitReveal(const Json& req, const std::string& a, const std::string& b, const std::string& context = "") {
  Json agreed = req;
  agreed.erase("commitReveal");
  const std::string h = requestHashOf(agreed);
  Json cr{{"commitments", {commitmentFor('A', bytes(a), h, context), commitmentFor('B', bytes(b), h, context)}}, {"secrets", {a, b}}};
  if (!context.empty()) cr["context"] = context;
  return cr;
}

}  // namespace

TEST_CASE("commit-reveal: commitments and the derived seed are byte-exact", "[receipts]") {
  // The README's worked example.
  const std::string a = "1111111111111111111111111111111111111111111111111111111111111111";
  const std::string b = "2222222222222222222222222222222222222222222222222222222222222222";
  Json req = moraleRequest();
  req.erase("seed");
  const Json c = canonical(req);
  CHECK(c.at("canonical") ==
        R"({"inputs":{"enemyOnFlank":false,"extraDrm":0,"settlement":"none","stackedWithCommander":false,"terrain":"clear",)"
        R"("unit":{"disorganized":false,"formationDemoralised":false,"lightTroops":false,"morale":4,"nationality":"other",)"
        R"("outOfCommand":false,"prussianGuard":false,"stepsLost":0,"type":"infantry"}},"options":{"V05_mode":"roll_under",)"
        R"("V08_double_loss":true,"V09_mirror_terrain":false,"V13_range":"stacked","V15_attacker_only":false,)"
        R"("V21_step_per_hex":false,"V22_woods_road_disorganizes":false},"procedure":"morale","ruleset":"napoleon-iii-1866"})");
  CHECK(c.at("hash") == sha256Hex(c.at("canonical").get<std::string>()));
  const std::string h = requestHashOf(req);
  const std::string ctx = "game 7, turn 3, shock 1";
  const std::string cA = commitmentFor('A', bytes(a), h, ctx);
  CHECK(cA == sha256Hex(std::string("grapeshot commit v3") + '\0' + 'A' + h + bytes(a) + ctx));
  CHECK(commitmentFor('B', bytes(a), h, ctx) != cA);  // a secret committed as A is not B's
  CHECK(commitmentFor('A', bytes(a), h, "game 7, turn 3, shock 2") != cA);  // bound to the context
  CHECK(commitmentFor('A', bytes(a), std::string(32, '\0'), ctx) != cA);   // and to the request
  CHECK(commitmentForV2('A', bytes(a)) == sha256Hex(std::string("grapeshot commit v2") + '\0' + 'A' + bytes(a)));
  const std::uint32_t seed = deriveSeed(bytes(a), bytes(b), h, "game 7, turn 3, shock 1");
  const auto d = sha256(std::string("grapeshot seed v3") + '\0' + bytes(a) + bytes(b) + h + "game 7, turn 3, shock 1");
  CHECK(seed == ((std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) | d[3]));
  CHECK(deriveSeed(bytes(b), bytes(a), h, "game 7, turn 3, shock 1") != seed);  // order matters: A then B
  CHECK(deriveSeed(bytes(a), bytes(b), h, "") != seed);                         // the context is bound in

  req["commitReveal"] = commitReveal(req, a, b, "game 7, turn 3, shock 1");
  const Json r = resolve(req);
  REQUIRE(r.at("ok") == true);
  CHECK(r.at("seed") == seed);
  const Json v = verify(r.at("receipt"), /*requireCommitReveal=*/true);
  CHECK(v.at("valid") == true);
  CHECK(v.at("diceSource") == "commitReveal");
}

TEST_CASE("commit-reveal: a secret that is not the committed one is refused", "[receipts]") {
  const std::string a = secretHex('1'), b = secretHex('2'), other = secretHex('3');
  Json req = moraleRequest();
  req.erase("seed");
  // B saw A's secret and tries to swap in a different one of its own.
  req["commitReveal"] = commitReveal(req, a, b);
  req["commitReveal"]["secrets"][1] = other;
  Json r = resolve(req);
  CHECK(r.at("error").at("code") == "commitment_mismatch");
  CHECK(r.at("error").at("path") == "/commitReveal/secrets/1");
  req["commitReveal"]["secrets"] = {a.substr(2), b};
  CHECK(resolve(req).at("error").at("path") == "/commitReveal/secrets/0");
  CHECK(resolve(req).at("error").at("code") == "invalid_value");
  req["commitReveal"] = Json{{"commitments", {commitReveal(req, a, b).at("commitments")[0]}}, {"secrets", {a, b}}};
  CHECK(resolve(req).at("error").at("code") == "out_of_range");
  req["commitReveal"] = commitReveal(req, a, b);
  req["commitReveal"]["salt"] = 1;
  CHECK(resolve(req).at("error").at("code") == "unknown_field");
  req["commitReveal"].erase("salt");
  req["seed"] = 5;
  CHECK(resolve(req).at("error").at("code") == "conflicting_fields");
}

TEST_CASE("commit-reveal binds roles, the request and a plain context", "[receipts]") {
  const std::string a = secretHex('1'), b = secretHex('2');
  Json req = moraleRequest();
  req.erase("seed");
  req.erase("receipt");
  // Roles swapped: each secret fails the other side's commitment.
  req["commitReveal"] = commitReveal(req, a, b);
  std::swap(req["commitReveal"]["secrets"][0], req["commitReveal"]["secrets"][1]);
  CHECK(resolve(req).at("error").at("code") == "commitment_mismatch");
  // Mirrored commitments, or one secret for both sides: refused.
  req["commitReveal"] = commitReveal(req, a, b);
  req["commitReveal"]["commitments"][1] = req["commitReveal"]["commitments"][0];
  CHECK(resolve(req).at("error").at("code") == "conflicting_fields");
  CHECK(resolve(req).at("error").at("path") == "/commitReveal/commitments/1");
  req["commitReveal"] = commitReveal(req, a, a);
  CHECK(resolve(req).at("error").at("path") == "/commitReveal/secrets/1");
  // The same commitments and secrets for another request are refused (the commitments bind the
  // request: issue 30); the same request written differently (a default spelled out) is the same.
  req["commitReveal"] = commitReveal(req, a, b);
  const Json first = resolve(req);
  REQUIRE(first.at("ok") == true);
  Json other = req;
  other["unit"]["morale"] = 5;
  CHECK(resolve(other).at("error").at("code") == "commitment_mismatch");
  other["commitReveal"] = commitReveal(other, a, b);
  CHECK(resolve(other).at("seed") != first.at("seed"));
  Json recontext = req;
  recontext["commitReveal"]["context"] = "game 7, turn 3, shock 2";
  CHECK(resolve(recontext).at("error").at("code") == "commitment_mismatch");
  Json spelled = req;
  spelled["unit"]["stepsLost"] = 0;
  spelled["terrain"] = "clear";
  CHECK(resolve(spelled).at("seed") == first.at("seed"));
  // Contexts that look alike are refused unless they are alike (checked before the commitments).
  for (const char* bad : {"game 7 ", " game 7", "game  7", "game\u00a07", "game\u200b7", "game\t7", "gam\u00e9"}) {
    req["commitReveal"]["context"] = std::string(bad);
    INFO(bad);
    CHECK(resolve(req).at("error").at("code") == "invalid_value");
    CHECK(resolve(req).at("error").at("path") == "/commitReveal/context");
  }
  req["commitReveal"]["context"] = std::string(257, 'x');
  CHECK(resolve(req).at("error").at("code") == "out_of_range");
}

TEST_CASE("receipts state their dice source, and verify can insist on commit-reveal", "[receipts]") {
  Json seeded = moraleRequest();
  const Json s = resolve(seeded).at("receipt");
  CHECK(s.at("diceSource") == "seed");
  CHECK(verify(s).at("diceSource") == "seed");
  CHECK(verify(s).at("valid") == true);
  const Json strict = verify(s, /*requireCommitReveal=*/true);
  CHECK(strict.at("valid") == false);
  CHECK(hasProblem(strict, "dice_source_mismatch", "/diceSource"));
  // A seeded receipt rewritten as supplied dice: consistent, but it says so.
  Json forged = s;
  forged["request"].erase("seed");
  forged["request"]["dice"] = forged["rolls"];
  forged.erase("seed");
  CHECK(hasProblem(verify(forged), "dice_source_mismatch"));  // still claims "seed"
  forged["diceSource"] = "supplied";
  CHECK(verify(forged).at("valid") == true);
  CHECK(verify(forged).at("diceSource") == "supplied");
  CHECK(verify(forged, true).at("valid") == false);
  Json drawn = moraleRequest();
  drawn.erase("seed");
  const Json drawnReceipt = resolve(drawn, 5u).at("receipt");
  CHECK(drawnReceipt.at("diceSource") == "drawn");
  CHECK_FALSE(drawnReceipt.at("request").contains("seed"));  // the request shows the seed was not chosen
  CHECK(verify(drawnReceipt).at("valid") == true);
  Json drawnAsSeed = drawnReceipt;  // "seed" and "drawn" are no longer interchangeable (issue 30)
  drawnAsSeed["diceSource"] = "seed";
  CHECK(hasProblem(verify(drawnAsSeed), "dice_source_mismatch", "/diceSource"));
  Json seedAsDrawn = s;
  seedAsDrawn["diceSource"] = "drawn";
  CHECK(hasProblem(verify(seedAsDrawn), "dice_source_mismatch", "/diceSource"));
  // Fields that are no part of the resolution are neither recorded nor accepted.
  Json withExtras = moraleRequest();
  withExtras["sensitivity"] = true;
  withExtras["trace"] = false;
  const Json rc = resolve(withExtras).at("receipt");
  CHECK_FALSE(rc.at("request").contains("sensitivity"));
  CHECK_FALSE(rc.at("request").contains("trace"));
  Json echoed = rc;
  echoed["request"]["sensitivity"] = Json{{"anything", 1}};
  CHECK(hasProblem(verify(echoed), "request_mismatch", "/request/sensitivity"));
}

TEST_CASE("batch seeds: each item's seed is a hash of the batch seed and its index", "[receipts][batch]") {
  Json reqs = Json::array();
  for (int i = 0; i < 3; ++i) reqs.push_back(Json{{"ruleset", "napoleon-iii-1866"}, {"procedure", "morale"}, {"unit", {{"morale", 4}}}});
  const Json out = batch(reqs, "resolve", 1234);
  for (std::uint32_t i = 0; i < 3; ++i) {
    // The 32-byte batch seed testBatchSeed(1234): 28 zero bytes, then 1234 big-endian; then the index.
    unsigned char in[36] = {};
    in[30] = 0x04, in[31] = 0xd2, in[35] = static_cast<unsigned char>(i);
    const auto d = sha256(std::string("grapeshot batch v2") + '\0' + std::string(reinterpret_cast<const char*>(in), 36));
    CHECK(out[i].at("seed") == ((std::uint32_t(d[0]) << 24) | (std::uint32_t(d[1]) << 16) | (std::uint32_t(d[2]) << 8) | d[3]));
    CHECK(out[i].at("seed") == batchItemSeed(1234, i));
  }
}

TEST_CASE("receipts: an honest receipt verifies, whatever the seed source", "[receipts]") {
  const Json seeded = resolve(moraleRequest());
  REQUIRE(seeded.at("ok") == true);
  const Json& rc = seeded.at("receipt");
  CHECK(rc.at("format") == kReceiptFormat);
  CHECK(rc.at("engine") == kEngineVersion);
  CHECK(rc.at("dataHash") == findRuleset("napoleon-iii-1866")->dataHash());
  CHECK(rc.at("seed") == 777);
  CHECK(rc.at("request").contains("options"));
  CHECK(!rc.at("request").contains("receipt"));
  CHECK(rc.at("rolls").size() == seeded.at("rolls").size());
  CHECK(rc.at("result") == seeded.at("result"));
  CHECK(verify(rc) == Json{{"ok", true}, {"valid", true}, {"format", kReceiptFormat}, {"diceSource", "seed"}, {"problems", Json::array()}});

  Json drawn = moraleRequest();
  drawn.erase("seed");
  const Json d = resolve(drawn, 99u);
  CHECK(d.at("receipt").at("seed") == 99);  // the drawn seed is the receipt's, not the request's
  CHECK_FALSE(d.at("receipt").at("request").contains("seed"));
  CHECK(verify(d.at("receipt")).at("valid") == true);

  Json dice = moraleRequest();
  dice.erase("seed");
  dice["dice"] = {3};
  const Json s = resolve(dice);
  CHECK(!s.at("receipt").contains("seed"));
  CHECK(verify(s.at("receipt")).at("valid") == true);
  // Receipts add nothing else to the response.
  Json plain = moraleRequest();
  plain.erase("receipt");
  Json without = seeded;
  without.erase("receipt");
  CHECK(resolve(plain) == without);
}

TEST_CASE("receipts: tampering is reported", "[receipts]") {
  const Json rc = resolve(moraleRequest()).at("receipt");
  const int natural = rc.at("rolls").at(0).get<int>();

  Json t = rc;  // changed dice
  t["rolls"][0] = natural == 1 ? 2 : natural - 1;
  Json v = verify(t);
  CHECK(v.at("valid") == false);
  CHECK(hasProblem(v, "rolls_mismatch", "/rolls/0"));

  t = rc;  // changed result
  t["result"]["passed"] = !rc.at("result").at("passed").get<bool>();
  v = verify(t);
  CHECK(hasProblem(v, "result_mismatch", "/result/passed"));

  t = rc;  // changed request: another morale rating changes the outcome for some roll; use the extremes
  t["request"]["unit"]["morale"] = rc.at("result").at("passed").get<bool>() ? 0 : 6;
  v = verify(t);
  CHECK(v.at("valid") == false);
  CHECK((hasProblem(v, "result_mismatch") || hasProblem(v, "request_rejected")));

  Json withDice = moraleRequest();  // changed options (d6 1 passes under morale 4, fails 1+4 >= 7)
  withDice.erase("seed");
  withDice["dice"] = {1};
  t = resolve(withDice).at("receipt");
  REQUIRE(verify(t).at("valid") == true);
  t["request"]["options"]["V05_mode"] = "roll_plus_ge_7";
  v = verify(t);
  CHECK(v.at("valid") == false);
  CHECK(hasProblem(v, "result_mismatch", "/result"));

  t = rc;  // changed seed
  t["seed"] = 778;
  v = verify(t);
  CHECK(hasProblem(v, "seed_mismatch", "/seed"));

  t = rc;  // another ruleset data
  t["dataHash"] = std::string(64, '0');
  v = verify(t);
  CHECK(hasProblem(v, "data_hash_mismatch", "/dataHash"));

  t = rc;  // another engine
  t["engine"] = "0.0.1";
  CHECK(hasProblem(verify(t), "engine_mismatch", "/engine"));

  // Not a receipt at all: an error envelope, never a verdict.
  CHECK(verify(Json::array()).at("error").at("code") == "invalid_request");
  t = rc;
  t.erase("rolls");
  CHECK(verify(t).at("error").at("path") == "/rolls");
  t = rc;
  t["extra"] = 1;
  CHECK(verify(t).at("error").at("code") == "unknown_field");
  CHECK(Json::parse(verifyJson("{")).at("error").at("code") == "parse_error");
}
