// battles-of-waterloo movement charts against the printed seed: every cell of TERRAIN EFFECTS ON
// MOVEMENT (read from the seed's Markdown table) both as transcribed in tables.json and as the
// `movement` procedure answers it; the notes, Movement Rates, Zones of Control and Stacking lists;
// and the disorder-effects lists behind `status`. Worked cases live in tests/fixtures/battles-of-waterloo/.
#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "core/engine.h"
#include "core/ruleset.h"
#include "support.h"

using grapeshot::Json;

namespace {

using gstest::isPipeRule;
using gstest::pipeCells;
using gstest::trim;

const char* kId = "battles-of-waterloo";




std::vector<std::string> seedLines() {
  std::stringstream text(gstest::readFile(gstest::seedPath("002_71cd96c2710d1958.txt")));
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(text, line)) lines.push_back(line.empty() || line.back() != '\r' ? line : line.substr(0, line.size() - 1));
  return lines;
}

// The pipe table whose first line starts with `head` (Markdown rules under headers skipped).
std::vector<std::vector<std::string>> tableStartingWith(const std::string& head) {
  const auto lines = seedLines();
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].rfind(head, 0) != 0) continue;
    for (std::size_t j = i; j < lines.size() && !lines[j].empty() && lines[j][0] == '|'; ++j)
      if (!isPipeRule(lines[j])) rows.push_back(pipeCells(lines[j]));
    break;
  }
  REQUIRE(!rows.empty());
  return rows;
}

const grapeshot::Ruleset& ruleset() {
  const grapeshot::Ruleset* rs = grapeshot::findRuleset(kId);
  REQUIRE(rs);
  return *rs;
}

Json move(Json inputs) {
  inputs["ruleset"] = kId;
  inputs["procedure"] = "movement";
  const Json r = grapeshot::resolve(inputs, 1u);
  INFO(r.dump());
  REQUIRE(r.at("ok") == true);
  return r.at("result");
}

const std::vector<std::string> kTypes{"infantry", "cavalry", "artillery", "leader"};

// How a chart row is asked of the procedure: which input names it.
enum class Ask { kTerrain, kBuilding, kWater, kCrossing, kRoute, kSlope, kFlag, kAction, kEnterZoc, kLeaveZoc };
const std::map<std::string, Ask> kAsk{
    {"clear", Ask::kTerrain},        {"cultivated", Ask::kTerrain},     {"woods", Ask::kTerrain},
    {"marsh", Ask::kTerrain},        {"building", Ask::kBuilding},      {"village", Ask::kTerrain},
    {"builtUpVillage", Ask::kTerrain}, {"walledFarmChateau", Ask::kTerrain}, {"lakeRiver", Ask::kTerrain},
    {"deepStream", Ask::kWater},     {"stream", Ask::kWater},           {"ford", Ask::kCrossing},
    {"marshyStream", Ask::kWater},   {"bridge", Ask::kCrossing},        {"road", Ask::kRoute},
    {"pathTrail", Ask::kRoute},      {"upLevel", Ask::kSlope},          {"upSteepSlope", Ask::kSlope},
    {"downLevel", Ask::kSlope},      {"downSteepSlope", Ask::kSlope},   {"crest", Ask::kFlag},
    {"ravine", Ask::kFlag},          {"formSquare", Ask::kAction},      {"extendRetractLine", Ask::kAction},
    {"enterEnemyZoc", Ask::kEnterZoc}, {"leaveEnemyZoc", Ask::kLeaveZoc}};

// The printed cost cell read by hand: "P" prohibited; "+n" adds to clear's 1 MP; "a/b" with note B is
// normal/Rapid Advance (W-28); the leader's road "1/2" (no note B) is half an MP.
struct Expected {
  bool prohibited;
  double cost;
};
Expected expectedCost(const std::string& cell, const std::string& note, bool rapid, bool addsToClear) {
  if (cell == "P") return {true, 0};
  std::string s = cell[0] == '+' ? cell.substr(1) : cell;
  double v;
  if (const auto slash = s.find('/'); slash != std::string::npos) {
    const double a = std::stod(s.substr(0, slash)), b = std::stod(s.substr(slash + 1));
    v = note == "B" ? (rapid ? b : a) : a / b;
  } else {
    v = std::stod(s);
  }
  return {false, addsToClear ? 1 + v : v};
}

}  // namespace

TEST_CASE("Waterloo movement chart: every printed cell equals tables.json", "[battles-of-waterloo][movement]") {
  const auto rows = tableStartingWith("| Terrain Type");
  const Json& chart = ruleset().table("movementCosts");
  REQUIRE(rows[0] == std::vector<std::string>{"Terrain Type", "Infantry", "Cavalry", "Artillery", "Leader", "Notes"});
  for (std::size_t c = 0; c < 5; ++c) CHECK(chart.at("columns").at(c) == rows[0][c + 1]);
  REQUIRE(rows.size() - 1 == chart.at("rows").size());
  int cells = 0;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const Json& row = chart.at("rows").at(r - 1);
    INFO("row " << rows[r][0]);
    CHECK(row.at("label") == rows[r][0]);
    for (std::size_t c = 0; c < 5; ++c, ++cells)
      CHECK(row.at("cells").at(c) == (rows[r][c + 1].empty() ? Json(nullptr) : Json(rows[r][c + 1])));
  }
  CHECK(cells == 26 * 5);
}

TEST_CASE("Waterloo movement chart: the procedure answers every cost cell as printed", "[battles-of-waterloo][movement]") {
  const auto rows = tableStartingWith("| Terrain Type");
  const Json& chart = ruleset().table("movementCosts");
  // Legend codes as the seed prints them under the chart ("RM- Reduced Movement").
  std::map<std::string, std::string> legend;
  for (const auto& line : seedLines()) {
    const auto t = trim(line);
    for (const char* code : {"RM", "WD", "Screen", "P"})
      if (t.rfind(std::string(code) + "-", 0) == 0 || t.rfind(std::string(code) + " -", 0) == 0)
        legend[code] = trim(t.substr(t.find('-') + 1));
  }
  REQUIRE(legend.size() == 4);
  const std::map<std::string, std::string> zocMovement{{"RM", "reduced"}, {"WD", "withdrawal"}, {"Screen", "screened"}};

  int asked = 0;
  for (std::size_t r = 1; r < rows.size(); ++r) {
    const std::string id = chart.at("rows").at(r - 1).at("id").get<std::string>();
    const std::string note = rows[r][5];
    for (std::size_t t = 0; t < kTypes.size(); ++t) {
      const std::string& type = kTypes[t];
      const std::string& cell = rows[r][t + 1];
      INFO(rows[r][0] << " / " << type << " printed \"" << cell << "\"");
      const Ask ask = kAsk.at(id);
      if (ask == Ask::kEnterZoc || ask == Ask::kLeaveZoc) {
        // "Enter/Leave Enemy ZOC": the printed code names the movement the unit must use.
        Json in{{"unitType", type}, {ask == Ask::kEnterZoc ? "enteringEnemyZoc" : "leavingEnemyZoc", true},
                {"stackedWithFriendlyUnit", true}};
        const auto need = zocMovement.find(cell);
        if (need != zocMovement.end()) in["movementType"] = need->second;
        const Json res = move(in);
        CHECK(res.at("prohibited") == false);
        CHECK(res.at("zoc").at(ask == Ask::kEnterZoc ? "enter" : "leave").at("printed") == cell);
        if (need != zocMovement.end()) {
          CHECK(res.at("zoc").at(ask == Ask::kEnterZoc ? "enter" : "leave").at("text") == legend.at(cell));
          // Any other movement type may not.
          for (const char* other : {"tactical", "strategic", "reduced", "withdrawal", "screened", "rapidAdvance"})
            if (other != need->second) {
              in["movementType"] = other;
              CHECK(move(in).at("prohibited") == true);
            }
        }
        ++asked;
        continue;
      }
      for (const bool rapid : {false, true}) {
        Json in{{"unitType", type}, {"movementType", rapid ? "rapidAdvance" : "tactical"}};
        bool addsToClear = true;
        switch (ask) {
          case Ask::kTerrain: in["terrain"] = id; addsToClear = false; break;
          case Ask::kBuilding: in["building"] = true; break;
          case Ask::kWater: in["water"] = id; break;
          case Ask::kCrossing:
            // A bridge or ford crosses water (a crossing without it is refused); its rate replaces the
            // water's cost, except for infantry and cavalry in Rapid Advance (note A).
            in["crossing"] = id;
            in["water"] = "stream";
            if (rapid && (type == "infantry" || type == "cavalry")) continue;
            break;
          case Ask::kSlope: in["slope"] = id; break;
          case Ask::kFlag: in[id] = true; break;
          case Ask::kAction: in["action"] = id; addsToClear = false; break;
          case Ask::kRoute:
            // Road/path rates: in Rapid Advance only artillery (and leaders) may use them (note A).
            in["route"] = id;
            addsToClear = false;
            if (rapid && (type == "infantry" || type == "cavalry")) continue;
            break;
          default: break;
        }
        const Expected want = expectedCost(cell, note, rapid, addsToClear);
        const Json res = move(in);
        INFO(res.dump());
        CHECK(res.at("prohibited") == want.prohibited);
        if (want.prohibited) {
          CHECK(res.at("cost").is_null());
          CHECK(res.at("reason").get<std::string>().find(rows[r][0] + ": P - " + legend.at("P")) == 0);
        } else {
          CHECK(res.at("cost").get<double>() == want.cost);
        }
        // The row's printed note letter is among the notes reported.
        if (!note.empty()) {
          bool found = false;
          for (const auto& n : res.at("notes")) found = found || n.at("note") == note;
          CHECK(found);
        }
        ++asked;
      }
    }
  }
  // Two rates per cost cell (minus inf/cav Rapid Advance on the two roads and two crossings), one per ZOC cell.
  CHECK(asked == 24 * 4 * 2 - 8 + 2 * 4);
}

TEST_CASE("Waterloo movement notes A-G equal the printed bullets, in order (W-28)", "[battles-of-waterloo][movement]") {
  const auto lines = seedLines();
  std::vector<std::string> bullets;
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i] == "Notes:")
      for (std::size_t j = i + 1; j < lines.size() && (lines[j].empty() || lines[j].rfind("- ", 0) == 0); ++j)
        if (!lines[j].empty()) bullets.push_back(lines[j].substr(2));
  REQUIRE(bullets.size() == 7);
  const Json& notes = ruleset().table("movementCosts").at("notes");
  const Json& noteRows = ruleset().table("movementNotes").at("rows");
  for (std::size_t i = 0; i < bullets.size(); ++i) {
    const std::string letter(1, static_cast<char>('A' + i));
    CHECK(notes.at(letter) == bullets[i]);
    CHECK(noteRows.at(i).at("id") == letter);
    CHECK(noteRows.at(i).at("cells").at(0) == bullets[i]);
  }
}

TEST_CASE("Waterloo movement rates: each printed rate and the allowance the procedure gives", "[battles-of-waterloo][movement]") {
  const auto rows = tableStartingWith("| Movement Rates:");
  const Json& chart = ruleset().table("movementRates").at("rows");
  REQUIRE(rows.size() - 1 == chart.size());
  for (std::size_t r = 1; r < rows.size(); ++r) {
    CHECK(chart.at(r - 1).at("label") == rows[r][0]);
    CHECK(chart.at(r - 1).at("cells").at(0) == rows[r][1]);
  }
  // By hand from the printed rates, for every MA 1..12: 2x, x1, half rounded up, 1 hex, 1 hex.
  for (int ma = 1; ma <= 12; ++ma) {
    INFO("MA " << ma);
    CHECK(move({{"movementAllowance", ma}, {"movementType", "strategic"}}).at("allowance").at("mp") == 2 * ma);
    CHECK(move({{"movementAllowance", ma}, {"movementType", "tactical"}}).at("allowance").at("mp") == ma);
    CHECK(move({{"movementAllowance", ma}, {"movementType", "reduced"}}).at("allowance").at("mp") == (ma + 1) / 2);
    CHECK(move({{"movementAllowance", ma}, {"movementType", "withdrawal"}}).at("allowance").at("hexes") == 1);
    CHECK(move({{"movementAllowance", ma}, {"inSquare", true}}).at("allowance").at("hexes") == 1);
  }
}

TEST_CASE("Waterloo zones of control: the printed rows and the hexsides the procedure names (W-29)", "[battles-of-waterloo][zoc]") {
  const auto rows = tableStartingWith("| Zones of Control");
  const Json& chart = ruleset().table("zonesOfControl").at("rows");
  REQUIRE(rows.size() - 1 == chart.size());
  for (std::size_t r = 1; r < rows.size(); ++r) {
    CHECK(chart.at(r - 1).at("label") == rows[r][0]);
    CHECK(chart.at(r - 1).at("cells").at(0) == rows[r][1]);
  }
  std::map<std::string, std::string> printed;
  for (std::size_t r = 1; r < rows.size(); ++r) printed[rows[r][0]] = rows[r][1];
  // The printed phrase -> how many hexsides: Front 1, Front-F flank 3 (W-29), All Hexsides 6, None/No ZOC 0.
  const std::map<std::string, int> sides{{"Front", 1}, {"Front-F flank", 3}, {"All Hexsides", 6}, {"None", 0}, {"No ZOC", 0}};
  auto zoc = [](Json in) {
    in["ruleset"] = kId;
    in["procedure"] = "zoc";
    return grapeshot::resolve(in).at("result");
  };
  CHECK(zoc({{"unitType", "infantry"}}).at("count") == sides.at(printed.at("Infantry")));
  CHECK(zoc({{"unitType", "cavalry"}}).at("count") == sides.at(printed.at("Cavalry")));
  CHECK(zoc({{"unitType", "artillery"}}).at("count") == sides.at(printed.at("Artillery")));
  for (const char* type : {"infantry", "cavalry", "artillery"}) {
    INFO(type);
    for (const char* shaken : {"D-1", "D-2"})
      if (std::string(shaken) == "D-1" || std::string(type) == "infantry")  // only infantry has a D-2 state
        CHECK(zoc({{"unitType", type}, {"state", shaken}}).at("count") == sides.at(printed.at("Shaken Units")));
    CHECK(zoc({{"unitType", type}, {"state", "Routed"}}).at("count") == sides.at(printed.at("Routed Units")));
    CHECK(zoc({{"unitType", type}, {"state", "Routed"}}).at("count") == sides.at(printed.at("Routed Unit")));
    CHECK(zoc({{"unitType", type}, {"inControlledChateau", true}}).at("count") == sides.at(printed.at("Controlled Chateau")));
  }
  CHECK(zoc({{"unitType", "infantry"}, {"inSquare", true}}).at("count") == sides.at(printed.at("Units in Square")));
  // Front-F flank is the front and the two hexsides beside it.
  CHECK(zoc({{"unitType", "infantry"}}).at("hexsides") == Json::array({"leftFrontFlank", "front", "rightFrontFlank"}));
}

TEST_CASE("Waterloo stacking: the five printed combinations are legal, every other pair is not", "[battles-of-waterloo][stacking]") {
  const auto rows = tableStartingWith("| Stacking");
  const Json& chart = ruleset().table("stacking");
  REQUIRE(rows.size() - 1 == chart.at("rows").size());
  for (std::size_t r = 1; r < rows.size(); ++r) CHECK(chart.at("rows").at(r - 1).at("label") == rows[r][0]);
  bool exception = false;
  for (const auto& line : seedLines()) exception = exception || line == chart.at("exception").get<std::string>();
  CHECK(exception);

  auto stack = [](std::vector<std::string> types) {
    Json units = Json::array();
    for (const auto& t : types) units.push_back(Json{{"type", t}, {"strengthPoints", 2}, {"command", "X"}});
    return grapeshot::resolve(Json{{"ruleset", kId}, {"procedure", "stacking"}, {"units", units}}).at("result");
  };
  // Every unordered pair of combat units: legal exactly for the printed pairs.
  const std::vector<std::string> arms{"infantry", "cavalry", "artillery"};
  const std::map<std::pair<std::string, std::string>, std::string> printedPairs{
      {{"infantry", "artillery"}, "1 Infantry + 1 Artillery"},
      {{"cavalry", "artillery"}, "1 Cavalry + 1 Artillery"},
      {{"artillery", "artillery"}, "2 Artillery (Same command, <= 8 SPs)"}};
  for (std::size_t a = 0; a < arms.size(); ++a)
    for (std::size_t b = a; b < arms.size(); ++b) {
      INFO(arms[a] << " + " << arms[b]);
      const auto it = printedPairs.find({arms[a], arms[b]});
      const Json res = stack({arms[a], arms[b]});
      CHECK(res.at("legal") == (it != printedPairs.end()));
      if (it != printedPairs.end()) CHECK(res.at("combination") == it->second);
    }
  CHECK(stack({"infantry"}).at("combination") == "1 Infantry");
  CHECK(stack({"cavalry"}).at("combination") == "1 Cavalry");
  CHECK(stack({"infantry", "artillery", "artillery"}).at("legal") == false);
  // "<= 8 SPs", read as the two units together: 8 is legal, 9 is not.
  for (int a = 1; a <= 8; ++a)
    for (int b = 1; b <= 8; ++b) {
      const Json units = Json::array({Json{{"type", "artillery"}, {"strengthPoints", a}, {"command", "I"}},
                                      Json{{"type", "artillery"}, {"strengthPoints", b}, {"command", "I"}}});
      CHECK(grapeshot::resolve(Json{{"ruleset", kId}, {"procedure", "stacking"}, {"units", units}})
                .at("result").at("legal") == (a + b <= 8));
    }
}

TEST_CASE("Waterloo status: the printed Effects of Disorder and Rout lists", "[battles-of-waterloo][status]") {
  auto status = [](const std::string& state) {
    return grapeshot::resolve(Json{{"ruleset", kId}, {"procedure", "status"}, {"state", state}}).at("result");
  };
  const std::map<std::string, std::string> heads{{"D-1", "| D-1 |"}, {"D-2", "| D-2 |"}, {"Routed", "| Routed Units: |"}};
  for (const auto& [state, head] : heads) {
    INFO(state);
    const auto rows = tableStartingWith(head);
    Json items = Json::array();
    for (std::size_t r = 1; r < rows.size(); ++r) items.push_back(rows[r][0]);
    CHECK(status(state).at("restrictions") == items);
    CHECK(status(state).at("restricted") == true);
  }
  CHECK(status("Normal").at("restrictions").empty());
}
