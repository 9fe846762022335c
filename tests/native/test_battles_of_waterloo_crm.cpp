// battles-of-waterloo: the COMBAT RESULTS MATRIX. Its printed text against the seed, then every cell's
// effect (expectations written from the printed chart), the Cohesion Check threshold (W-02), the letter order
// of a result code (W-19), Blown cavalry, W-32, unable to retreat and the W19_retreat_hexes option.
#include <catch2/catch.hpp>

#include <sstream>

#include "core/error.h"
#include "core/ruleset.h"
#include "rulesets/battles_of_waterloo/crm.h"
#include "support.h"

using grapeshot::Json;
namespace wl = grapeshot::waterloo;
namespace in = grapeshot::inputs::battles_of_waterloo;

namespace {

// The unit as a result reports it (its typed outcome, written), read back as a document.
Json unitReport(const wl::Unit& u) {
  std::string text;
  grapeshot::JsonWriter w(text);
  grapeshot::results::battles_of_waterloo::write(w, wl::outcome(u));
  return Json::parse(text);
}

const grapeshot::Ruleset& ruleset() {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset("battles-of-waterloo");
  REQUIRE(rs);
  return *rs;
}

// A Context with scripted d10s.
struct Harness {
  grapeshot::ScriptedDice dice;
  grapeshot::Context ctx;
  explicit Harness(std::vector<int> naturals) : dice(std::move(naturals)), ctx(ruleset(), dice) {}
};

wl::Unit unit(const std::string& type, const std::string& state, int cohesion = 5, int steps = 4) {
  wl::Unit u;
  u.setWho(grapeshot::msg::battlesOfWaterlooLabelTheUnit());
  u.type = grapeshot::readEnum<wl::Arm>(grapeshot::Json(type), wl::kArmNames);
  u.state = grapeshot::readEnum<wl::State>(grapeshot::Json(state), wl::kStateNames);
  u.cohesion = cohesion;
  u.steps = steps;
  u.bRetreatHexes = ruleset().defaultOptions().at("W19_retreat_hexes").get<int>();  // as readUnit sets it
  return u;
}

// The printed matrix rows: {state, type, B, d/D, r/R} (a blank state continues the row above).
std::vector<std::vector<std::string>> seedMatrix() {
  std::stringstream text(gstest::readFile(gstest::seedPath("002_71cd96c2710d1958.txt")));
  std::string line;
  while (std::getline(text, line) && line != "COMBAT RESULTS MATRIX") {
  }
  std::vector<std::vector<std::string>> rows;
  std::string state;
  while (std::getline(text, line)) {
    if (line.empty() && rows.empty()) continue;
    if (line.empty() || line[0] != '|') break;
    std::vector<std::string> cells;
    std::stringstream parts(line.substr(1));
    std::string cell;
    while (std::getline(parts, cell, '|')) {
      const auto b = cell.find_first_not_of(' ');
      const auto e = cell.find_last_not_of(' ');
      cells.push_back(b == std::string::npos ? "" : cell.substr(b, e - b + 1));
    }
    if (cells.size() != 5 || cells[2] == "B" || cells[2].find("---") != std::string::npos) {
      rows.push_back({});  // header / rule: placeholder, dropped below
      continue;
    }
    if (!cells[0].empty()) state = cells[0];
    cells[0] = state;
    rows.push_back(cells);
  }
  rows.erase(std::remove_if(rows.begin(), rows.end(), [](const auto& r) { return r.empty(); }), rows.end());
  return rows;
}

}  // namespace

TEST_CASE("Waterloo matrix: every printed cell is transcribed", "[battles-of-waterloo][crm]") {
  const auto seed = seedMatrix();
  const Json& rows = ruleset().table("combatResultsMatrix").at("rows");
  REQUIRE(seed.size() == 11);
  REQUIRE(rows.size() == 11);
  for (std::size_t r = 0; r < 11; ++r) {
    INFO("matrix row " << seed[r][0] << " " << seed[r][1]);
    CHECK(rows[r].at("state") == seed[r][0]);
    CHECK(rows[r].at("type") == seed[r][1]);
    for (std::size_t c = 0; c < 3; ++c) CHECK(rows[r].at("cells").at(c).at("text") == seed[r][c + 2]);
  }
}

// Expected effect of one matrix cell, read off the printed chart.
struct Expect {
  std::string state, type, column;
  std::vector<int> dice;  // the Cohesion Check die for the "<=Cohesion - B, otherwise Rout" cells
  std::string newState;
  int stepsLost;
  int retreat;
  bool routRetreat;
};

TEST_CASE("Waterloo matrix: every cell's effect", "[battles-of-waterloo][crm]") {
  // Cohesion 5: a die of 5 passes (5 <= 5), 6 fails.
  const std::vector<Expect> cells = {
      {"Normal", "infantry", "B", {}, "Normal", 0, 1, false},           // Retreat
      {"Normal", "infantry", "d/D", {}, "D-1", 0, 0, false},            // Place D-1 Marker
      {"Normal", "infantry", "r/R", {}, "Routed", 0, 0, true},          // Routed Marker, Retreat 1/2 Move
      {"Normal", "lightCavalry", "B", {}, "Normal", 0, 1, false},       // Retreat
      {"Normal", "heavyCavalry", "d/D", {}, "D-1", 0, 0, false},        // Place D-1 Marker
      {"Normal", "lightCavalry", "r/R", {}, "Routed", 0, 0, true},      // Routed Marker, Retreat 1/2 Move
      {"Normal", "artillery", "B", {}, "D-1", 0, 1, false},             // Retreat, Place D-1 Marker
      {"Normal", "artillery", "d/D", {}, "D-1", 0, 0, false},           // Place D-1 Marker
      {"Normal", "artillery", "r/R", {}, "Eliminated", 0, 0, false},    // Eliminated
      {"D-1", "infantry", "B", {}, "D-1", 0, 1, false},                 // Retreat
      {"D-1", "infantry", "d/D", {}, "D-2", 0, 0, false},               // Place D-2 Marker
      {"D-1", "infantry", "r/R", {}, "Routed", 0, 0, true},             // Routed Marker, Retreat 1/2 Move
      {"D-1", "heavyCavalry", "B", {}, "D-1", 0, 1, false},             // Retreat
      {"D-1", "heavyCavalry", "d/D", {5}, "D-1", 0, 1, false},          // <=Cohesion: B (Retreat)
      {"D-1", "lightCavalry", "d/D", {6}, "Routed", 0, 0, true},        // otherwise Rout
      {"D-1", "lightCavalry", "r/R", {}, "Routed", 0, 0, true},         // Routed Marker, Retreat 1/2 Move
      {"D-1", "artillery", "B", {}, "D-1", 1, 1, false},                // Retreat, Lose a Step
      {"D-1", "artillery", "d/D", {}, "D-1", 1, 1, false},              // Retreat 1 hex, Lose Step
      {"D-1", "artillery", "r/R", {}, "Eliminated", 0, 0, false},       // Eliminated
      {"D-2", "infantry", "B", {}, "D-2", 0, 1, false},                 // Retreat
      {"D-2", "infantry", "d/D", {}, "Routed", 0, 0, true},             // Unit Routs
      {"D-2", "infantry", "r/R", {}, "Routed", 0, 0, true},             // Routed Marker, Retreat 1/2 Move
      {"Routed", "infantry", "B", {}, "Routed", 0, 1, false},           // Retreat
      {"Routed", "infantry", "d/D", {}, "Routed", 1, 0, false},         // 1 Step Loss
      {"Routed", "infantry", "r/R", {}, "Eliminated", 0, 0, false},     // Eliminated
      {"Routed", "heavyCavalry", "B", {}, "Routed", 0, 1, false},       // Retreat
      {"Routed", "lightCavalry", "d/D", {}, "Routed", 1, 0, false},     // 1 Step Loss
      {"Routed", "heavyCavalry", "r/R", {}, "Eliminated", 0, 0, false}, // Eliminated
      {"Routed", "artillery", "B", {}, "Routed", 0, 1, false},          // Retreat
      {"Routed", "artillery", "d/D", {}, "Eliminated", 0, 0, false},    // Eliminated
      {"Routed", "artillery", "r/R", {}, "Eliminated", 0, 0, false},    // Eliminated
      {"Blown", "heavyCavalry", "B", {}, "Blown", 0, 1, false},         // Retreat
      {"Blown", "heavyCavalry", "d/D", {5}, "Blown", 0, 1, false},      // <=Cohesion: B (Retreat)
      {"Blown", "lightCavalry", "d/D", {6}, "Routed", 0, 0, true},      // otherwise Rout
      {"Blown", "lightCavalry", "r/R", {}, "Eliminated", 0, 0, false},  // Eliminated
  };
  for (const auto& e : cells) {
    INFO(e.state << " " << e.type << " " << e.column << (e.dice.empty() ? "" : " die " + std::to_string(e.dice[0])));
    Harness h(e.dice);
    wl::Unit u = unit(e.type, e.state);
    wl::applyMatrix(h.ctx, u, e.column);
    CHECK(wl::name(u.state) == e.newState);
    CHECK(u.stepsLost == e.stepsLost);
    CHECK(u.retreatHexes == e.retreat);
    CHECK(u.routRetreat == e.routRetreat);
    CHECK(h.dice.used() == e.dice.size());
  }
}

TEST_CASE("Waterloo Cohesion Check: pass iff d10 + DRM <= Cohesion (W-02)", "[battles-of-waterloo][crm]") {
  for (int natural = 0; natural <= 9; ++natural)
    for (int drm : {-2, 0, 3}) {
      Harness h({natural});
      CHECK(wl::cohesionCheck(h.ctx, 5, drm, "u") == (natural + drm <= 5));
      CHECK(h.ctx.rolls().toJson().at(0).at("die") == "d10");
    }
}

TEST_CASE("Waterloo result codes decode by the grammar of rules-notes 2.4, when the code compiles", "[battles-of-waterloo][crm]") {
  STATIC_REQUIRE(wl::decodeResultCode("2BDr").steps == 2);
  STATIC_REQUIRE(wl::decodeResultCode("d-2").checkDrm == -2);
  STATIC_REQUIRE(wl::decodeResultCode("-").text == "-");
  const wl::ResultCode a = wl::decodeResultCode("2BDr");
  CHECK(a.steps == 2);
  CHECK(a.back);
  CHECK(a.disorder == 'D');
  CHECK(a.rout == 'r');
  const wl::ResultCode b = wl::decodeResultCode("1d+3");
  CHECK(b.steps == 1);
  CHECK(b.disorder == 'd');
  CHECK(b.checkDrm == 3);
  CHECK(wl::decodeResultCode("d-2").checkDrm == -2);
  const wl::ResultCode r = wl::decodeResultCode("3BR");
  CHECK((r.steps == 3 && r.back && r.disorder == 0 && r.rout == 'R'));
  CHECK_THROWS(wl::decodeResultCode("x"));
}

TEST_CASE("Waterloo result letters apply in the order steps, B, d/D, r/R on the current row (W-19)",
          "[battles-of-waterloo][crm]") {
  SECTION("1BDr on Normal infantry, r check failed: -1, retreat, D-1, then D-1 r/R routs") {
    Harness h({7});
    wl::Unit u = unit("infantry", "Normal");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("1BDr"));
    CHECK(u.stepsLost == 1);
    CHECK(u.retreatHexes == 1);
    CHECK(std::string(wl::name(u.state)) == "Routed");
    CHECK(unitReport(u).at("events") == Json{"stepLoss", "retreat", "D-1", "rout"});
  }
  SECTION("1BDr on D-1 infantry, r check passed: ends D-2") {
    Harness h({2});
    wl::Unit u = unit("infantry", "D-1");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("1BDr"));
    CHECK(std::string(wl::name(u.state)) == "D-2");
    CHECK(u.stepsLost == 1);
  }
  SECTION("Bd on Normal artillery: B places D-1, then the failed d reads the D-1 row: retreat 1 hex, lose a step") {
    Harness h({9});
    wl::Unit u = unit("artillery", "Normal");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("Bd"));
    CHECK(std::string(wl::name(u.state)) == "D-1");
    CHECK(u.retreatHexes == 2);
    CHECK(u.stepsLost == 1);
  }
  SECTION("a fire d+2 check: die 3 + 2 = 5 <= 5 passes, die 4 + 2 = 6 fails") {
    Harness pass({3}), fail({4});
    wl::Unit a = unit("infantry", "Normal"), b = unit("infantry", "Normal");
    wl::applyResult(pass.ctx, a, wl::decodeResultCode("d+2"));
    wl::applyResult(fail.ctx, b, wl::decodeResultCode("d+2"));
    CHECK(std::string(wl::name(a.state)) == "Normal");
    CHECK(std::string(wl::name(b.state)) == "D-1");
  }
  SECTION("steps exhaust the unit: eliminated, no further letters") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal", 5, 2);
    wl::applyResult(h.ctx, u, wl::decodeResultCode("2BDr"));
    CHECK(std::string(wl::name(u.state)) == "Eliminated");
    CHECK(u.retreatHexes == 0);
    CHECK(h.dice.used() == 0);
  }
  SECTION("takeSteps false (W-04, the other units of a stack) skips the step count only") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("2BD"), false);
    CHECK(u.stepsLost == 0);
    CHECK(u.retreatHexes == 1);
    CHECK(std::string(wl::name(u.state)) == "D-1");
  }
}

TEST_CASE("Waterloo Blown cavalry: checks are automatic, automatic results cost a step", "[battles-of-waterloo][crm]") {
  SECTION("d against Blown cavalry is D with no d check; the matrix check (die 2 <= 5) retreats; no extra step") {
    Harness h({2});
    wl::Unit u = unit("heavyCavalry", "Blown");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("d"));
    CHECK(h.dice.used() == 1);  // only the matrix's "<=Cohesion" check
    CHECK(std::string(wl::name(u.state)) == "Blown");
    CHECK(u.retreatHexes == 1);
    CHECK(u.stepsLost == 0);
  }
  SECTION("a printed D costs an additional step; matrix check failed (die 8) routs") {
    Harness h({8});
    wl::Unit u = unit("lightCavalry", "Blown");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("D"));
    CHECK(std::string(wl::name(u.state)) == "Routed");
    CHECK(u.stepsLost == 1);
  }
  SECTION("r against Blown cavalry is R: eliminated, no roll") {
    Harness h({});
    wl::Unit u = unit("lightCavalry", "Blown");
    wl::applyResult(h.ctx, u, wl::decodeResultCode("r"));
    CHECK(std::string(wl::name(u.state)) == "Eliminated");
  }
}

TEST_CASE("Waterloo W-32: D-1 cavalry receiving d takes the d check, then the matrix check", "[battles-of-waterloo][crm]") {
  Harness passFirst({3}), failBoth({7, 8}), failThenPass({7, 1});
  wl::Unit a = unit("lightCavalry", "D-1"), b = unit("lightCavalry", "D-1"), c = unit("lightCavalry", "D-1");
  wl::applyResult(passFirst.ctx, a, wl::decodeResultCode("d"));
  wl::applyResult(failBoth.ctx, b, wl::decodeResultCode("d"));
  wl::applyResult(failThenPass.ctx, c, wl::decodeResultCode("d"));
  CHECK((a.state == wl::State::d1 && a.retreatHexes == 0 && passFirst.dice.used() == 1));
  CHECK((b.state == wl::State::routed && failBoth.dice.used() == 2));
  CHECK((c.state == wl::State::d1 && c.retreatHexes == 1 && failThenPass.dice.used() == 2));
}

TEST_CASE("Waterloo unable to retreat; rout retreat length; W19_retreat_hexes", "[battles-of-waterloo][crm]") {
  SECTION("a blocked B costs a step instead") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    u.retreatBlocked = true;
    wl::applyMatrix(h.ctx, u, "B");
    CHECK(u.retreatHexes == 0);
    CHECK(u.stepsLost == 1);
  }
  SECTION("a unit that cannot rout its full distance is eliminated") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    u.retreatBlocked = true;
    wl::applyMatrix(h.ctx, u, "r/R");
    CHECK(std::string(wl::name(u.state)) == "Eliminated");
  }
  SECTION("rout retreat is 1/2 MA rounded up: MA 5 -> 3 hexes") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    u.movementAllowance = 5;
    wl::applyMatrix(h.ctx, u, "r/R");
    CHECK(unitReport(u).at("routRetreatHexes") == 3);
  }
  SECTION("W19_retreat_hexes 2, read with the unit: B retreats 2; \"Retreat 1 hex\" stays 1") {
    in::Options options;
    options.W19_retreat_hexes = 2;
    in::MoraleUnit infantry, artillery;
    artillery.type = wl::Arm::artillery;
    artillery.state = in::UnitState::D_1;
    Harness h({});
    wl::Unit inf = wl::readUnit(infantry, options, "/unit", grapeshot::msg::battlesOfWaterlooLabelTheInfantry()), art = wl::readUnit(artillery, options, "/unit", grapeshot::msg::battlesOfWaterlooLabelTheUnit());
    wl::applyMatrix(h.ctx, inf, "B");
    wl::applyMatrix(h.ctx, art, "d/D");
    CHECK(inf.retreatHexes == 2);
    CHECK(art.retreatHexes == 1);
  }
  SECTION("a B retreat without its length (W19_retreat_hexes, set by readUnit) is a bind bug") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    u.bRetreatHexes = -1;
    CHECK_THROWS_AS(wl::applyMatrix(h.ctx, u, "B"), std::logic_error);
  }
  SECTION("W-35: a check without a Cohesion rating is a schema bug, never a request error") {
    Harness h({3});
    wl::Unit u = unit("infantry", "Normal", -1);
    CHECK_THROWS_AS(wl::applyResult(h.ctx, u, wl::decodeResultCode("d")), std::logic_error);
  }
  SECTION("W-36: steps lost stop at the unit's steps, and the last one eliminates it") {
    Harness h({});
    wl::Unit u = unit("infantry", "Normal");
    u.steps = 2;
    u.stepsLost = 1;
    wl::applyResult(h.ctx, u, wl::decodeResultCode("3"));
    CHECK(u.stepsLost == 2);
    CHECK(std::string(wl::name(u.state)) == "Eliminated");
    CHECK(unitReport(u).at("stepsLeft") == 0);
  }
  SECTION("W-38: unable to retreat costs a step per retreat; unable to rout its full distance eliminates") {
    Harness h({});
    wl::Unit back = unit("infantry", "Normal"), rout = unit("infantry", "Normal"), both = unit("infantry", "Normal");
    back.steps = rout.steps = both.steps = 3;
    back.retreatBlocked = true;
    rout.routBlocked = true;
    wl::applyMatrix(h.ctx, back, "B");
    wl::applyMatrix(h.ctx, rout, "B");
    CHECK(back.stepsLost == 1);
    CHECK(back.retreatHexes == 0);
    CHECK(rout.retreatHexes == 1);  // it can retreat, just not rout
    wl::applyMatrix(h.ctx, rout, "r/R");
    CHECK(std::string(wl::name(rout.state)) == "Eliminated");
    wl::applyMatrix(h.ctx, back, "r/R");  // cannot retreat, so cannot rout either
    CHECK(std::string(wl::name(back.state)) == "Eliminated");
  }
}

TEST_CASE("Waterloo readUnit refuses states the matrix has no row for", "[battles-of-waterloo][crm]") {
  const in::Options options;
  const auto read = [&options](wl::Arm type, in::UnitState state) {
    in::MoraleUnit u;
    u.type = type;
    u.state = state;
    return wl::readUnit(u, options, "/u", grapeshot::msg::battlesOfWaterlooLabelTheUnit());
  };
  CHECK_THROWS_AS(read(wl::Arm::lightCavalry, in::UnitState::D_2), grapeshot::RequestError);
  CHECK_THROWS_AS(read(wl::Arm::infantry, in::UnitState::Blown), grapeshot::RequestError);
  CHECK(read(wl::Arm::infantry, in::UnitState::D_2).state == wl::State::d2);
}
